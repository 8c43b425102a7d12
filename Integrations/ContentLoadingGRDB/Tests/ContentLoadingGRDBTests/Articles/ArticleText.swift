import Foundation
import GRDB

/// The catalog's articles, and the copies of their code that the article tests compile.
enum ArticleText {
    /// The text of article `name` (`LiveQueries.md`, say) in `ContentLoadingGRDB.docc`.
    static func article(_ name: String) throws -> String {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let catalog = package.appendingPathComponent("Sources/ContentLoadingGRDB/ContentLoadingGRDB.docc")
        return try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
    }

    /// The lines between `// <marker> begin` and `// <marker> end` in the calling test file.
    static func code(_ marker: String, file: String = #filePath) throws -> String {
        let source = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
        guard let begin = source.range(of: "// \(marker) begin\n"),
            let end = source.range(of: "// \(marker) end", range: begin.upperBound..<source.endIndex)
        else { return "(no \(marker) markers in \(file))" }
        return String(source[begin.upperBound..<end.lowerBound])
    }
}

/// A row of the app's own `item` table in the articles' examples.
struct Item: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    var id: Int64
    var name: String
    var position: Int

    /// The app's migrator: the `item` table.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("app.v1.item") { db in
            try db.create(table: "item") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("position", .integer).notNull()
            }
        }
        return migrator
    }
}

/// The network client of the articles' examples: answers what the test hands it.
struct ItemsAPI: Sendable {
    let fetch: @Sendable () async throws -> [Item]

    func items() async throws -> [Item] { try await fetch() }
}
