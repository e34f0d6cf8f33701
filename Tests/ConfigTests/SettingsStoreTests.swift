import Foundation
import Synchronization
import Testing
@testable import LiveTextConfig

/// Records observer calls from any thread.
final class ChangeLog: Sendable {
    private let changes = Mutex<[(old: Settings, new: Settings)]>([])
    func record(_ old: Settings, _ new: Settings) { changes.withLock { $0.append((old, new)) } }
    var count: Int { changes.withLock { $0.count } }
    var last: (old: Settings, new: Settings)? { changes.withLock { $0.last } }
}

@Suite("the settings store")
struct SettingsStoreTests {
    @Test("an invalid file on reload keeps the last good settings and records the error")
    func keepsLastGood() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("[limits]\nmax_pixels = 1234\n")
        let store = SettingsStore(file: file)
        #expect(store.settings.limits.maxPixels == 1234)

        try directory.write("[limits]\nmax_pixels = \"lots\"\n")
        #expect {
            try store.reload()
        } throws: { error in
            (error as? ConfigError)?.key == "limits.max_pixels"
        }
        #expect(store.settings.limits.maxPixels == 1234)
        #expect(store.lastError?.key == "limits.max_pixels")

        try directory.write("[limits\n")
        #expect(throws: ConfigError.self) { try store.reload() }
        #expect(store.lastError?.line == 1)
        #expect(store.settings.limits.maxPixels == 1234)

        try directory.write("[limits]\nmax_pixels = 99\n")
        try store.reload()
        #expect(store.settings.limits.maxPixels == 99)
        #expect(store.lastError == nil)
    }

    @Test("a store over an invalid file starts with the defaults and says why")
    func invalidAtStart() throws {
        let directory = try TemporaryDirectory()
        let store = SettingsStore(file: try directory.write("[interaction]\nsupplementary_interface_hidden = 3\n"))
        #expect(store.settings == .defaults)
        #expect(store.lastError?.key == "interaction.supplementary_interface_hidden")
    }

    @Test("observers fire once per real change, with the old and new settings")
    func observers() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("[clipboard]\nalso_primary = false\n")
        let store = SettingsStore(file: file)
        let log = ChangeLog()
        let token = store.observe { log.record($0, $1) }

        try store.reload()                                               // same settings
        #expect(log.count == 0)
        try store.update { $0.interaction.supplementaryInterfaceHidden = true }
        #expect(log.count == 1)
        #expect(log.last?.old.interaction.supplementaryInterfaceHidden == false)
        #expect(log.last?.new.interaction.supplementaryInterfaceHidden == true)
        try store.update { $0.interaction.supplementaryInterfaceHidden = true }  // no change
        try store.reload()                                               // file matches
        #expect(log.count == 1)

        try directory.write("[clipboard]\nalso_primary = true\n")           // edited by hand
        try store.reload()
        #expect(log.count == 2)
        #expect(log.last?.new.clipboard.alsoPrimary == true)
        #expect(log.last?.new.interaction.supplementaryInterfaceHidden == false)

        try directory.write("broken = \n")
        #expect(throws: ConfigError.self) { try store.reload() }        // failed reload: no change
        #expect(log.count == 2)

        store.removeObserver(token)
        try directory.write("")
        try store.reload()
        #expect(log.count == 2)
        #expect(store.settings == .defaults)
    }

    @Test("concurrent updates from many threads all land in the file")
    func concurrentUpdates() async throws {
        let directory = try TemporaryDirectory()
        let store = SettingsStore(file: directory.file())
        let log = ChangeLog()
        _ = store.observe { log.record($0, $1) }
        await withTaskGroup(of: Void.self) { group in
            for index in 1...8 {
                group.addTask {
                    _ = try? store.update { $0.limits.maxAnalysesPerCaller += index }
                    _ = store.settings
                }
            }
        }
        #expect(store.settings.limits.maxAnalysesPerCaller == 16 + 36)
        #expect(try directory.file().load().settings == store.settings)
        #expect(log.count == 8)
    }
}
