import Foundation
import LiveTextInteraction
import Testing
@testable import LiveTextConfig

@Suite("writing settings back into the file")
struct WriteBackTests {
    @Test("an update replaces only the value, keeping comments, unknown keys and order byte for byte")
    func preservesEverythingElse() throws {
        let directory = try TemporaryDirectory()
        let original = """
            # My livetext settings. Keep this comment!

            [limits]   # comment on a header
            whatever_unknown = { a = 1, b = [2, 3] }
            max_pixels = 20_000_000

            [interaction]
              # indented comment
              supplementary_interface_hidden = false   # hidden for screenshots
              supplementary_interface_content_insets = [
                1, 2,  # multi-line
                3, 4,
              ]
            preferred_interaction_types = ['automatic']

            [custom]
            zzz = "unknown table"
            """ + "\n"
        let file = try directory.write(original)
        let store = SettingsStore(file: file)
        #expect(store.lastError == nil)
        #expect(store.warnings.map(\.key).sorted() == ["custom", "limits.whatever_unknown"])

        try store.update { $0.interaction.supplementaryInterfaceHidden = true }
        let expected = original.replacingOccurrences(of: "supplementary_interface_hidden = false",
                                                     with: "supplementary_interface_hidden = true")
        #expect(try directory.read(file) == expected)

        // A multi-line value is replaced whole, on one line; everything else stays.
        try store.update { $0.interaction.supplementaryInterfaceContentInsets = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0.5) }
        let expected2 = expected.replacingOccurrences(of: """
            [
                1, 2,  # multi-line
                3, 4,
              ]
            """, with: "[8.0, 0.0, 8.0, 0.5]")
        #expect(try directory.read(file) == expected2)
        #expect(try file.load().settings.interaction.supplementaryInterfaceContentInsets.right == 0.5)

        // Arrays of strings, escapes and literal strings.
        try store.update { $0.interaction.preferredInteractionTypes = [.textSelection, .dataDetectors] }
        try store.update { $0.interaction.supplementaryInterfaceFont = "Quote \"Me\" \\ Bold" }
        let text = try directory.read(file)
        #expect(text.contains("preferred_interaction_types = [\"textSelection\", \"dataDetectors\"]\n"))
        #expect(text.contains("  supplementary_interface_hidden = true   # hidden for screenshots\n"))
        #expect(try file.load().settings.interaction.supplementaryInterfaceFont == "Quote \"Me\" \\ Bold")
    }

    @Test("a key missing from its table goes after the table's last key, in that key's indentation")
    func addToExistingTable() throws {
        let directory = try TemporaryDirectory()
        let original = "[interaction]\n    supplementary_interface_hidden = true # mine\n\n# about limits\n[limits]\nmax_pixels = 10\n"
        let file = try directory.write(original)
        let store = SettingsStore(file: file)
        try store.update { $0.interaction.supplementaryInterfaceFont = "Cantarell Bold" }
        #expect(try directory.read(file) == """
            [interaction]
                supplementary_interface_hidden = true # mine
                supplementary_interface_font = "Cantarell Bold"

            # about limits
            [limits]
            max_pixels = 10

            """)
    }

    @Test("a key of a table that is not in the file adds the table at the end")
    func addMissingTable() throws {
        let directory = try TemporaryDirectory()
        let original = "# just a comment\n[interaction]\nsupplementary_interface_hidden = true"  // no final newline
        let file = try directory.write(original)
        let store = SettingsStore(file: file)
        try store.update { $0.clipboard.alsoPrimary = true }
        #expect(try directory.read(file) == original + "\n\n[clipboard]\nalso_primary = true\n")
        #expect(store.settings.clipboard.alsoPrimary)
        #expect(store.settings.interaction.supplementaryInterfaceHidden)
    }

    @Test("a header with no keys gets the key right below it")
    func addUnderEmptyHeader() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("[notifications]\n\n[clipboard]\n")
        try SettingsStore(file: file).update { $0.notifications.timeoutMs = 2500 }
        #expect(try directory.read(file) == "[notifications]\ntimeout_ms = 2500\n\n[clipboard]\n")
    }

    @Test("dotted keys and inline tables are edited where they are")
    func dottedAndInline() throws {
        let directory = try TemporaryDirectory()
        let original = """
            interaction.supplementary_interface_hidden = false # dotted
            [hotkeys]
            text = { keys = "Super+T", action = "copy-text" }  # inline
            """ + "\n"
        let file = try directory.write(original)
        let store = SettingsStore(file: file)
        try store.update {
            $0.interaction.allowDataDetectorsInTextMode = false
            $0.hotkeys["text"]?.keys = KeyCombo(modifiers: [.super, .alt], key: "T")
        }
        #expect(try directory.read(file) == """
            interaction.supplementary_interface_hidden = false # dotted
            interaction.allow_data_detectors_in_text_mode = false
            [hotkeys]
            text = { keys = "Super+Alt+T", action = "copy-text", notify = true }  # inline

            """)
    }

    @Test("changing the hotkeys of a file without any writes them all, keeping the defaults")
    func hotkeysWrittenWhole() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("[clipboard]\nalso_primary = true\n")
        let store = SettingsStore(file: file)
        try store.update { $0.hotkeys["shot"] = Hotkey(keys: KeyCombo(modifiers: [.super], key: "Print"), action: .analyze) }
        let settings = try file.load().settings
        #expect(settings.hotkeys.keys.sorted() == ["codes", "live", "shot", "text"])
        #expect(settings == store.settings)

        // Removing one removes its table, and only that.
        try store.update { $0.hotkeys["codes"] = nil }
        let text = try directory.read(file)
        #expect(!text.contains("[hotkeys.codes]"))
        #expect(text.hasPrefix("[clipboard]\nalso_primary = true\n"))
        #expect(try file.load().settings.hotkeys.keys.sorted() == ["live", "shot", "text"])

        // No hotkeys at all leaves an empty [hotkeys] table (which means none, not the defaults).
        try store.update { $0.hotkeys = [:] }
        #expect(try file.load().settings.hotkeys.isEmpty)
    }

    @Test("an optional value set to nil removes its line")
    func removeOptional() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("[actions]\nregion = \"DE\"  # home\nopener = [\"gio\", \"open\"]\n")
        try SettingsStore(file: file).update { $0.actions.region = nil }
        #expect(try directory.read(file) == "[actions]\nopener = [\"gio\", \"open\"]\n")
    }

    @Test("CRLF files get CRLF lines")
    func crlf() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("[interaction]\r\nsupplementary_interface_hidden = false\r\n")
        try SettingsStore(file: file).update {
            $0.interaction.supplementaryInterfaceHidden = true
            $0.interaction.supplementaryInterfaceFont = "Cantarell"
        }
        #expect(try directory.read(file) == "[interaction]\r\nsupplementary_interface_hidden = true\r\nsupplementary_interface_font = \"Cantarell\"\r\n")
    }

    @Test("a new file is 0600 in a 0700 directory; an existing file keeps its mode")
    func modes() throws {
        let directory = try TemporaryDirectory()
        let file = ConfigFile(path: directory.path + "/livetext/config.toml")
        let store = SettingsStore(file: file)
        try store.update { $0.limits.maxAnalysesPerCaller = 4 }
        #expect(try directory.mode(of: file.path) == 0o600)
        #expect(try directory.mode(of: directory.path + "/livetext") == 0o700)
        #expect(try directory.read(file) == "[limits]\nmax_analyses_per_caller = 4\n")

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try store.update { $0.limits.maxAnalysesPerCaller = 5 }
        #expect(try directory.mode(of: file.path) == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/livetext")
        #expect(leftovers == ["config.toml"])
    }

    @Test("a symlinked file stays a symlink; its target is replaced")
    func symlink() throws {
        let directory = try TemporaryDirectory()
        let real = try directory.write("[limits]\nmax_pixels = 10\n", name: "real.toml")
        let link = directory.file("config.toml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        try SettingsStore(file: link).update { $0.limits.maxPixels = 20 }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try directory.read(real) == "[limits]\nmax_pixels = 20\n")
    }

    @Test("an invalid new value or an invalid file is refused and nothing is written")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        let original = "[actions]\nmap_url = \"https://m.example/%s\"\n"
        let file = try directory.write(original)
        let store = SettingsStore(file: file)
        #expect {
            try store.update { $0.actions.mapURL = "https://no-placeholder.example/" }
        } throws: { error in
            (error as? ConfigError)?.key == "actions.map_url"
        }
        #expect(try directory.read(file) == original)
        #expect(store.settings.actions.mapURL == "https://m.example/%s")

        let broken = "[actions\nmap_url = 1\n"
        try directory.write(broken)
        #expect(throws: ConfigError.self) { try store.update { $0.clipboard.alsoPrimary = true } }
        #expect(try directory.read(file) == broken)
    }

    @Test("an update that changes nothing does not touch the file")
    func noChange() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file()
        let store = SettingsStore(file: file)
        try store.update { $0.interaction.supplementaryInterfaceHidden = false }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // A size in a font set over D-Bus is dropped, so this is no change either.
        try store.update { $0.interaction.supplementaryInterfaceFont = "Sans Bold 14" }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
