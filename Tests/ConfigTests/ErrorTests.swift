import Testing
@testable import LiveTextConfig

@Suite("errors and warnings")
struct ErrorTests {
    /// The error loading `text` from a file gives; fails the test when it loads.
    private func error(_ text: String) throws -> ConfigError {
        let directory = try TemporaryDirectory()
        let file = try directory.write(text)
        do {
            _ = try file.load()
        } catch {
            #expect(error.file == file.path)
            #expect(!error.description.contains("\n"))
            return error
        }
        Issue.record("expected an error for: \(text)")
        return ConfigError(.io, "no error")
    }

    @Test("a syntax error carries its line and column")
    func syntax() throws {
        let error = try error("# ok\n[interaction]\nsupplementary_interface_hidden = \n")
        guard case .syntax(let line, let column) = error.kind else {
            Issue.record("not a syntax error: \(error)")
            return
        }
        #expect(line == 3)
        #expect(column > 1)
        #expect(error.description.contains("config.toml:3:\(column):"))
    }

    @Test("the insets error reads as the spec says")
    func insetsString() throws {
        let error = try error("[interaction]\nsupplementary_interface_content_insets = \"4\"\n")
        #expect(error.key == "interaction.supplementary_interface_content_insets")
        #expect(error.description.hasSuffix(
            "interaction.supplementary_interface_content_insets: expected an array of 4 numbers, got a string"))
    }

    @Test("each wrong type or invalid value names its full key",
          arguments: [
            ("[analysis]\nlanguages = \"eng\"", "analysis.languages", "array of strings"),
            ("[analysis]\nlanguages = [\"en g\"]", "analysis.languages", "en g"),
            ("[analysis]\ntypes = [\"text\", \"faces\"]", "analysis.types", "faces"),
            ("[analysis]\naccessibility = \"on\"", "analysis.accessibility", "got a string"),
            ("[interaction]\npreferred_interaction_types = [\"auto\"]", "interaction.preferred_interaction_types", "auto"),
            ("[interaction]\npreferred_interaction_types = [\"none\", \"automatic\"]",
             "interaction.preferred_interaction_types", "none"),
            ("[interaction]\npreferred_interaction_types = []", "interaction.preferred_interaction_types", "at least one"),
            ("[interaction]\nallow_data_detectors_in_text_mode = 1", "interaction.allow_data_detectors_in_text_mode",
             "got an integer"),
            ("[interaction]\nsupplementary_interface_hidden = \"yes\"", "interaction.supplementary_interface_hidden",
             "got a string"),
            ("[interaction]\nsupplementary_interface_content_insets = [1, 2, 3]",
             "interaction.supplementary_interface_content_insets", "got 3 items"),
            ("[interaction]\nsupplementary_interface_content_insets = [1, 2, 3, -1]",
             "interaction.supplementary_interface_content_insets", "from 0 to 10000, got -1.0"),
            ("[interaction]\nsupplementary_interface_content_insets = [1, 2, 3, 10001]",
             "interaction.supplementary_interface_content_insets", "from 0 to 10000, got 10001.0"),
            ("[interaction]\nsupplementary_interface_content_insets = [1, 2, inf, 4]",
             "interaction.supplementary_interface_content_insets", "got inf"),
            ("[interaction]\nsupplementary_interface_content_insets = [nan, 2, 3, 4]",
             "interaction.supplementary_interface_content_insets", "got nan"),
            ("[interaction]\nsupplementary_interface_font = \"\(String(repeating: "x", count: 257))\"",
             "interaction.supplementary_interface_font", "at most 256 characters, got 257"),
            ("[interaction]\nsupplementary_interface_font = \"14\"", "interaction.supplementary_interface_font",
             "family"),
            ("[limits]\nmax_pixels = 0", "limits.max_pixels", "from 1 to 1000000000, got 0"),
            ("[limits]\nmax_pixels = 1000000001", "limits.max_pixels", "from 1 to 1000000000"),
            ("[limits]\nmax_analyses_per_caller = 0", "limits.max_analyses_per_caller", "from 1 to 1024"),
            ("[limits]\nmax_analyses_per_caller = 1025", "limits.max_analyses_per_caller", "from 1 to 1024"),
            ("[limits]\nanalysis_lifetime_seconds = 9223372036854775807", "limits.analysis_lifetime_seconds",
             "from 1 to 604800, got 9223372036854775807"),
            ("[limits]\nanalysis_lifetime_seconds = 0", "limits.analysis_lifetime_seconds", "from 1 to 604800"),
            ("[limits]\ncached_images = -1", "limits.cached_images", "from 0 to 1024"),
            ("[limits]\ncached_images = 1025", "limits.cached_images", "from 0 to 1024"),
            ("[limits]\nmax_analyses_per_caller = 2.5", "limits.max_analyses_per_caller", "got a float"),
            ("[limits]\nanalysis_lifetime_seconds = 1979-05-27", "limits.analysis_lifetime_seconds", "got a date"),
            ("[actions]\nopener = []", "actions.opener", "command"),
            ("[actions]\nmap_url = \"https://maps.example/\"", "actions.map_url", "%s"),
            ("[actions]\ntranslate_url = 3", "actions.translate_url", "got an integer"),
            ("[actions]\nregion = \"Germany\"", "actions.region", "two-letter"),
            ("[clipboard]\nalso_primary = \"no\"", "clipboard.also_primary", "true or false"),
            ("[notifications]\ntimeout_ms = -2", "notifications.timeout_ms", "from -1 to 86400000"),
            ("[notifications]\ntimeout_ms = 86400001", "notifications.timeout_ms", "from -1 to 86400000"),
            ("interaction = 3", "interaction", "expected a table"),
            ("[hotkeys.a]\nkeys = \"Super+Hyper+T\"\naction = \"codes\"", "hotkeys.a.keys", "Hyper"),
            ("[hotkeys.a]\naction = \"codes\"", "hotkeys.a", "missing keys"),
            ("[hotkeys.a]\nkeys = \"Super+T\"", "hotkeys.a", "missing action"),
            ("[hotkeys.a]\nkeys = \"Super+T\"\naction = \"explode\"", "hotkeys.a.action", "explode"),
            ("[hotkeys.a]\nkeys = \"Super+T\"\naction = \"codes\"\nonly = [\"faces\"]", "hotkeys.a.only", "faces"),
            // The valid names come from the kind type: all twelve, the code-only ones too.
            ("[hotkeys.a]\nkeys = \"Super+T\"\naction = \"codes\"\nonly = [\"phone\", \"x\"]", "hotkeys.a.only",
             "link, email, phone, address, date, flight, tracking, money, measurement, wifi, contact, geo"),
            ("[hotkeys.a]\nkeys = \"Super+T\"\naction = \"codes\"\n[hotkeys.b]\nkeys = \"super+t\"\naction = \"analyze\"",
             "hotkeys.b.keys", "already used by hotkeys.a"),
            ("[hotkeys]\na = 1", "hotkeys.a", "expected a table"),
          ])
    func namesTheKey(text: String, key: String, detail: String) throws {
        let error = try error(text + "\n")
        #expect(error.key == key, "\(error)")
        #expect(error.description.contains(key + ": "), "\(error)")
        #expect(error.description.contains(detail), "\(error)")
    }

    @Test("unknown keys and tables are warnings, with a suggestion for typos")
    func unknownKeys() throws {
        let loaded = try ConfigFile.parse("""
            colour = "red"
            [interaction]
            supplementary_interface_hiden = true
            [limits]
            max_pixels = 10
            whatever = 1
            [hotkeys.a]
            keys = "Super+A"
            action = "codes"
            notfy = false
            [plugins]
            x = 1
            """)
        #expect(loaded.settings.limits.maxPixels == 10)
        #expect(loaded.settings.interaction.supplementaryInterfaceHidden == false)
        let byKey = Dictionary(uniqueKeysWithValues: loaded.warnings.map { ($0.key, $0.message) })
        #expect(Set(byKey.keys) == ["colour", "interaction.supplementary_interface_hiden", "limits.whatever",
                                     "hotkeys.a.notfy", "plugins"])
        #expect(byKey["interaction.supplementary_interface_hiden"]?.contains("did you mean supplementary_interface_hidden?") == true)
        #expect(byKey["hotkeys.a.notfy"]?.contains("did you mean notify?") == true)
        #expect(byKey["limits.whatever"]?.contains("did you mean") == false)
    }

    @Test("a value set without a file has an error of just the key")
    func noFile() throws {
        #expect(throws: ConfigError.self) { try SettingsStore.normalized(Settings(actions: ActionSettings(mapURL: "x"))) }
        do {
            _ = try SettingsStore.normalized(Settings(actions: ActionSettings(region: "x")))
        } catch {
            #expect(error.description.hasPrefix("actions.region: "))
        }
    }
}
