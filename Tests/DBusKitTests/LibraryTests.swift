import Testing
import DBusKit

@Suite("libdbus")
struct LibraryTests {
    @Test("the library loads and reports a 1.x version")
    func version() {
        #expect(DBusKit.libraryVersion.hasPrefix("1."))
    }
}
