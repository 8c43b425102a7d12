/// One row of the demo's list: a colour, its hex code and the name of the nearest named colour.
struct ColorRow: Sendable, Equatable {
    /// The red component.
    let red: UInt8
    /// The green component.
    let green: UInt8
    /// The blue component.
    let blue: UInt8

    /// A random colour drawn from `generator`.
    static func random(using generator: inout some RandomNumberGenerator) -> ColorRow {
        let bits = generator.next()
        return ColorRow(
            red: UInt8(truncatingIfNeeded: bits), green: UInt8(truncatingIfNeeded: bits >> 8),
            blue: UInt8(truncatingIfNeeded: bits >> 16))
    }

    /// `#RRGGBB`.
    var hex: String {
        "#"
            + [red, green, blue].map { component in
                let digits = String(component, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// The name of the nearest colour in a small palette, as a person would call it.
    var name: String {
        func distance(_ named: (name: String, red: Int, green: Int, blue: Int)) -> Int {
            let red = Int(self.red) - named.red
            let green = Int(self.green) - named.green
            let blue = Int(self.blue) - named.blue
            return 2 * red * red + 4 * green * green + 3 * blue * blue  // rough perceptual weights
        }
        return Self.palette.min { distance($0) < distance($1) }!.name
    }

    private static let palette: [(name: String, red: Int, green: Int, blue: Int)] = [
        ("black", 0, 0, 0), ("charcoal", 64, 64, 64), ("grey", 128, 128, 128), ("silver", 192, 192, 192),
        ("white", 255, 255, 255), ("maroon", 128, 0, 0), ("red", 230, 25, 40), ("coral", 255, 127, 80),
        ("orange", 245, 130, 48), ("brown", 150, 90, 40), ("apricot", 255, 215, 180), ("yellow", 255, 225, 25),
        ("beige", 255, 250, 200), ("olive", 128, 128, 0), ("lime", 190, 240, 50), ("green", 60, 180, 75),
        ("forest", 20, 90, 30), ("mint", 170, 255, 195), ("teal", 0, 128, 128), ("cyan", 70, 240, 240),
        ("sky", 135, 206, 235), ("blue", 0, 100, 220), ("navy", 0, 0, 128), ("indigo", 75, 0, 130),
        ("purple", 145, 30, 180), ("lavender", 220, 190, 255), ("magenta", 240, 50, 230), ("pink", 250, 190, 212),
        ("plum", 110, 40, 80),
    ]
}
