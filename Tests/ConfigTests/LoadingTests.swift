import Foundation
import LiveTextCore
import LiveTextInteraction
import Testing
@testable import LiveTextConfig

@Suite("loading settings")
struct LoadingTests {
    @Test("a missing file gives the defaults")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let loaded = try directory.file().load()
        #expect(loaded.settings == .defaults)
        #expect(!loaded.fileExists)
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.settings.analysis.languages == [])
        #expect(loaded.settings.analysis.accessibility)
        #expect(loaded.settings.interaction.preferredInteractionTypes == [.automatic])
        #expect(loaded.settings.limits.maxPixels == 100_000_000)
        #expect(loaded.settings.hotkeys["text"]?.keys.description == "Super+Shift+T")
        #expect(loaded.settings.hotkeys["codes"]?.action == .codes)
    }

    @Test("analysis.accessibility = false turns the accessibility bus off for captures")
    func accessibilityOff() throws {
        #expect(try ConfigFile.parse("[analysis]\naccessibility = false\n").settings.analysis.accessibility == false)
    }

    @Test("an empty file gives the defaults")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        let loaded = try directory.write("# nothing yet\n").load()
        #expect(loaded.settings == .defaults)
        #expect(loaded.fileExists)
    }

    @Test("the example text reads back as the defaults, without warnings")
    func exampleIsDefaults() throws {
        let loaded = try ConfigFile.parse(ConfigFile.exampleText)
        #expect(loaded.settings == Settings.defaults)
        #expect(loaded.warnings.isEmpty)
    }

    @Test("the example names every key the encoder writes")
    func exampleIsComplete() throws {
        var settings = Settings.defaults
        settings.actions.region = "DE"  // commented out in the example: optional
        for (path, _) in SettingsEncoder.encode(settings).leaves() {
            #expect(ConfigFile.exampleText.contains(path.last! + " ="), "\(path) missing from the example")
        }
    }

    @Test("every setting is read from the file")
    func everySetting() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("""
            [analysis]
            languages = ["deu", "eng+fra"]
            types = ["text", "codes"]

            [interaction]
            preferred_interaction_types = ["textSelection", "dataDetectors"]
            allow_data_detectors_in_text_mode = false
            supplementary_interface_hidden = true
            supplementary_interface_content_insets = [1, 2.5, 3, 4.0]
            supplementary_interface_font = "Cantarell Bold"

            [limits]
            max_pixels = 5000000
            max_analyses_per_caller = 3
            analysis_lifetime_seconds = 30

            [actions]
            opener = ["gio", "open"]
            map_url = "https://maps.example/?q=%s"
            flight_url = "https://flights.example/%s"
            lookup_url = "https://lookup.example/%s"
            translate_url = "https://translate.example/?t=%s"
            region = "de"

            [clipboard]
            also_primary = true

            [notifications]
            enabled = false
            timeout_ms = 8000

            [hotkeys.phone]
            keys = "ctrl + alt + P"
            action = "type-text"
            notify = false
            only = ["phone"]
            """)
        let settings = try file.load().settings
        var expected = Settings()
        expected.analysis = AnalysisSettings(languages: ["deu", "eng", "fra"], types: [.text, .codes])
        expected.interaction = InteractionSettings(
            preferredInteractionTypes: [.textSelection, .dataDetectors], allowDataDetectorsInTextMode: false,
            supplementaryInterfaceHidden: true,
            supplementaryInterfaceContentInsets: EdgeInsets(top: 1, left: 2.5, bottom: 3, right: 4),
            supplementaryInterfaceFont: "Cantarell Bold")
        expected.limits = LimitSettings(maxPixels: 5_000_000, maxAnalysesPerCaller: 3, analysisLifetimeSeconds: 30)
        expected.actions = ActionSettings(opener: ["gio", "open"], mapURL: "https://maps.example/?q=%s",
                                          flightURL: "https://flights.example/%s",
                                          lookupURL: "https://lookup.example/%s",
                                          translateURL: "https://translate.example/?t=%s", region: "DE")
        expected.clipboard.alsoPrimary = true
        expected.notifications = NotificationSettings(enabled: false, timeoutMs: 8000)
        expected.hotkeys = ["phone": Hotkey(keys: KeyCombo(modifiers: [.control, .alt], key: "P"),
                                            action: .typeText, notify: false, only: [.phone])]
        #expect(settings == expected)
    }

    @Test("an empty [hotkeys] table turns the default hotkeys off")
    func noHotkeys() throws {
        let settings = try ConfigFile.parse("[hotkeys]\n").settings
        #expect(settings.hotkeys.isEmpty)
    }

    @Test("a font size is dropped with a warning")
    func fontSize() throws {
        let loaded = try ConfigFile.parse("[interaction]\nsupplementary_interface_font = \"Cantarell Bold 12\"\n")
        #expect(loaded.settings.interaction.supplementaryInterfaceFont == "Cantarell Bold")
        #expect(loaded.warnings.count == 1)
        #expect(loaded.warnings.first?.key == "interaction.supplementary_interface_font")
        #expect(loaded.warnings.first?.description.contains("12") == true)
        #expect(FontDescription(parsing: "Sans 11px")?.ignoredSize == "11px")
        #expect(FontDescription(parsing: "Noto Sans CJK JP Medium")?.ignoredSize == nil)
        #expect(FontDescription(parsing: "12") == nil)
    }

    @Test("the standard path follows XDG_CONFIG_HOME, else HOME")
    func standardPath() {
        #expect(ConfigFile.standardPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"])
                == "/x/cfg/livetext/config.toml")
        #expect(ConfigFile.standardPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/livetext/config.toml")
        // A relative XDG_CONFIG_HOME is invalid per the spec and ignored.
        #expect(ConfigFile.standardPath(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/u"])
                == "/home/u/.config/livetext/config.toml")
    }

    @Test("encoding then decoding gives the same settings")
    func roundTrip() throws {
        var settings = Settings.defaults
        settings.actions.region = "FR"
        settings.interaction.supplementaryInterfaceContentInsets = EdgeInsets(top: 0.1, left: 1e-5, bottom: 12, right: 9_999.75)
        settings.hotkeys["x"] = Hotkey(keys: try KeyCombo(parsing: "Mod4+F12"), action: .analyze, only: [.link, .email])
        #expect(try SettingsStore.normalized(settings) == settings)
    }
}
