/// The colours of one section of `demo sections`: each section is its own data source,
/// loading colours of its family only.
enum Palette: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Reds, oranges and yellows.
    case warm
    /// Greens, blues and purples.
    case cool
    /// Greys, beiges and browns: hardly any hue.
    case neutral

    /// The section's name.
    var description: String { rawValue }

    /// A random colour of this family, drawn from `generator`.
    func color(using generator: inout some RandomNumberGenerator) -> ColorRow {
        let bits = generator.next()
        let unit = { (shift: UInt64) in Double((bits >> shift) & 0xFFFF) / Double(0xFFFF) }
        let (hue, saturation, value): (Double, Double, Double)
        switch self {
        case .warm: (hue, saturation, value) = (-20 + 80 * unit(0), 0.55 + 0.4 * unit(16), 0.75 + 0.25 * unit(32))
        case .cool: (hue, saturation, value) = (140 + 140 * unit(0), 0.45 + 0.5 * unit(16), 0.45 + 0.5 * unit(32))
        case .neutral: (hue, saturation, value) = (20 + 30 * unit(0), 0.15 * unit(16), 0.2 + 0.8 * unit(32))
        }
        return Self.rgb(hue: hue < 0 ? hue + 360 : hue, saturation: saturation, value: value)
    }

    /// The colour of `hue` (degrees), `saturation` and `value` (0…1 each).
    private static func rgb(hue: Double, saturation: Double, value: Double) -> ColorRow {
        let chroma = value * saturation
        let sector = hue / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double)
        switch Int(sector) % 6 {
        case 0: (red, green, blue) = (chroma, second, 0)
        case 1: (red, green, blue) = (second, chroma, 0)
        case 2: (red, green, blue) = (0, chroma, second)
        case 3: (red, green, blue) = (0, second, chroma)
        case 4: (red, green, blue) = (second, 0, chroma)
        default: (red, green, blue) = (chroma, 0, second)
        }
        let lift = value - chroma
        let byte = { (component: Double) in UInt8(min(255, max(0, ((component + lift) * 255).rounded()))) }
        return ColorRow(red: byte(red), green: byte(green), blue: byte(blue))
    }
}
