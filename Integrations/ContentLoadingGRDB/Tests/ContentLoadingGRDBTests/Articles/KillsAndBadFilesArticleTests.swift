import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

// KillsAndBadFiles article example begin
/// The profiles' persistence: the database file, or memory with a notice for the user when
/// the file cannot be opened.
@MainActor
func openProfiles(path: String) -> (persistence: any ContentStorePersistence<Int, Profile>, notice: String?) {
    do {
        let database = try DatabasePool(path: path)
        return (try SQLitePersistence<Int, Profile>(database: database, name: "profiles", formatVersion: 1), nil)
    } catch {
        return (MemoryPersistence<Int, Profile>(), "Profiles will not be kept after you close the app.")
    }
}
// KillsAndBadFiles article example end

/// The code of the "Kills and Bad Files" article, against a good file and a bad one.
@MainActor
@Suite("Kills and Bad Files article", .timeLimit(.minutes(1)), .hangLimit)
struct KillsAndBadFilesArticleTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aDatabaseFileKeepsTheProfiles() {
        let opened = openProfiles(path: folder.path("app.sqlite"))
        #expect(opened.persistence is SQLitePersistence<Int, Profile>)
        #expect(opened.notice == nil)
    }

    @Test func aFileThatIsNotADatabaseFallsBackToMemoryAndIsLeftAsItWas() throws {
        let path = folder.path("app.sqlite")
        let garbage = Data(repeating: 0x2A, count: 8192)
        try garbage.write(to: URL(fileURLWithPath: path))
        let opened = openProfiles(path: path)
        #expect(opened.persistence is MemoryPersistence<Int, Profile>)
        #expect(opened.notice != nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test func theArticleShowsThisCode() throws {
        #expect(
            try ArticleText.article("KillsAndBadFiles.md").contains(
                ArticleText.code("KillsAndBadFiles article example")))
    }
}
