import Foundation
import LiveTextInteraction
import Testing
@testable import LiveTextConfig

/// The settings name a command to run (`actions.opener`): a file someone else could have written
/// must not be obeyed, and one that cannot be written must not half-apply.
@Suite("settings files that cannot be trusted or written")
struct FileTrustTests {
    static let hostile = "[actions]\nopener = [\"/tmp/not-yours\"]\n"

    @Test("a file another user owns, or their group or anyone may write, is refused saying why; the defaults apply",
          arguments: [(12_345 as UInt32, 0o600 as mode_t, "belongs to user 12345"),
                      (geteuid(), 0o620, "its group can write it (mode 620)"),
                      (geteuid(), 0o602, "anyone can write it (mode 602)")])
    func untrusted(owner: UInt32, mode: mode_t, reason: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.hostile)
        #expect(chown(file.path, owner, getegid()) == 0)
        #expect(chmod(file.path, mode) == 0)
        #expect(throws: ConfigError.self) { try file.load() }
        do {
            _ = try file.load()
        } catch {
            #expect(error.kind == .io)
            #expect(error.description.hasPrefix(file.path + ": refused: "), "\(error)")
            #expect(error.description.contains(reason), "\(error)")
        }
        let store = SettingsStore(file: file)
        #expect(store.settings == .defaults)
        #expect(store.settings.actions.opener == ["xdg-open"])
        #expect(store.lastError?.description.contains(reason) == true)
    }

    @Test("a file of our own, 0644 or 0600, or root's, is read")
    func trusted() throws {
        for (owner, mode) in [(geteuid(), 0o644 as mode_t), (geteuid(), 0o600), (0, 0o644)] {
            let directory = try TemporaryDirectory()
            let file = try directory.write(Self.hostile)
            #expect(chown(file.path, owner, getegid()) == 0)
            #expect(chmod(file.path, mode) == 0)
            #expect(try file.load().settings.actions.opener == ["/tmp/not-yours"])
        }
    }

    @Test("a FIFO as the settings file is refused at once, not waited on")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file()
        #expect(mkfifo(file.path, 0o600) == 0)
        do {
            _ = try file.load()
            Issue.record("a FIFO was read")
        } catch {
            #expect(error.description == file.path + ": not a regular file, expected a TOML file")
        }
    }

    @Test("a file that cannot be written fails the update as an I/O error naming it; nothing changes, in memory either")
    func unwritable() throws {
        // /proc refuses new directories even to root, as a read-only directory refuses others.
        let store = SettingsStore(file: ConfigFile(path: "/proc/self/livetext-tests/config.toml"))
        #expect(store.lastError == nil)
        do {
            try store.update { $0.interaction.supplementaryInterfaceHidden = true }
            Issue.record("the update was written")
        } catch {
            #expect(error.kind == .io)
            #expect(error.file == "/proc/self/livetext-tests/config.toml")
            #expect(error.message.contains("not written: cannot create /proc/self/livetext-tests"), "\(error)")
        }
        #expect(store.settings == .defaults)
    }

    @Test("an invalid new value throws invalidValue without a file: the caller's mistake, not the file's")
    func invalidValue() throws {
        let directory = try TemporaryDirectory()
        let store = SettingsStore(file: directory.file())
        for change: (inout Settings) -> Void in [
            { $0.interaction.supplementaryInterfaceFont = String(repeating: "A", count: 10_000_000) },
            { $0.interaction.supplementaryInterfaceContentInsets = EdgeInsets(top: .nan) },
            { $0.interaction.supplementaryInterfaceContentInsets = EdgeInsets(left: 1e9) },
            { $0.limits.analysisLifetimeSeconds = .max },
        ] {
            do {
                try store.update(change)
                Issue.record("accepted")
            } catch {
                #expect(error.key != nil && error.file == nil, "\(error)")
                #expect(error.description.count < 200, "the message does not echo the value: \(error.description.prefix(200))")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file().path))
        #expect(store.settings == .defaults)
    }
}
