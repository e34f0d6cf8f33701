import DBusKit
import LiveTextInteraction
import LiveTextCore
import LiveTextDesktop
@testable import LiveTextService
import Testing

/// The `a{sv}` request options as one contract: what the CLI encodes, the daemon decodes to the
/// same value, and what it refuses it refuses naming the key and what the key takes. No bus.
@Suite("request options: encode and decode")
struct RequestOptionsTests {
    typealias Options = AnalysisRequestOptions

    /// Decodes, expecting `invalidArgs` whose message contains every one of `parts`.
    static func refused(_ options: [String: DBusValue], capturing: Bool = false, _ parts: String...,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let decoded = try Options(decoding: options, capturing: capturing)
            Issue.record("\(options) accepted as \(decoded)", sourceLocation: sourceLocation)
        } catch let error as LiveTextError {
            #expect(error.code == .invalidArgs, sourceLocation: sourceLocation)
            for part in parts {
                #expect(error.message.contains(part), "\(error.message) lacks \(part)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Round trips

    @Test("every option survives encode → decode", arguments: [
        Options(types: [.text]), Options(types: [.codes, .detectors]), Options(types: .all),
        Options(languages: try! LanguageSet("eng")), Options(languages: try! LanguageSet("eng+deu+chi_sim")),
        Options(only: [.phone]), Options(only: Set(ItemKind.allCases)),
        Options(copy: true), Options(copy: true, primary: true), Options(notify: true),
        Options(notify: true, interaction: [.textSelection, .dataDetectors]), Options(interaction: [.none]),
        Options(replace: true),
        Options(capture: .screen), Options(capture: .select), Options(capture: .pickWindow), Options(capture: .monitor(2)),
        Options(capture: .window(0x1a0_0007)), Options(capture: .region(Bounds(x: -10, y: -20, width: 640, height: 480))),
        Options(types: [.text, .detectors], languages: try! LanguageSet("eng+fra"), only: [.email, .link], copy: true,
                primary: true, notify: true, interaction: [.automatic], replace: true,
                capture: .region(Bounds(x: 1, y: 2, width: 3, height: 4))),
        Options(capture: .screen, live: true), Options(capture: .monitor(1), live: true),
        Options(primary: true, interaction: [.textSelection], capture: .region(Bounds(x: 0, y: 0, width: 9, height: 9)),
                live: true),
    ])
    func roundTrip(options: Options) throws {
        #expect(try Options(decoding: options.encode(), capturing: options.capture != nil) == options)
    }

    @Test("the encoding survives being packed as a{sv}, variants and all")
    func roundTripThroughVardict() throws {
        let options = Options(types: [.codes], languages: try LanguageSet("deu"), only: [.money], copy: true, notify: true,
                              interaction: [.dataDetectors], capture: .window(42))
        let packed = DBusValue.vardict(options.encode())
        #expect(packed.signature == "a{sv}")
        #expect(try Options(decoding: try #require(packed.vardict), capturing: true) == options)
    }

    @Test("keys go out with the signatures PRODUCT.md gives them")
    func signatures() throws {
        let encoded = Options(types: .all, languages: try LanguageSet("eng"), only: [.date], copy: true, primary: true,
                              notify: true, interaction: [.automatic], replace: true,
                              capture: .region(Bounds(x: 0, y: 0, width: 5, height: 5))).encode()
        let expected = ["types": "as", "languages": "as", "only": "as", "copy": "b", "primary": "b", "notify": "b",
                        "interaction": "as", "replace": "b", "region": "(iiuu)"]
        #expect(encoded.mapValues(\.signature) == expected)
        #expect(Options(capture: .window(7)).encode()["window"]?.signature == "t")
        #expect(Options(capture: .monitor(1)).encode()["monitor"]?.signature == "u")
        #expect(Options(capture: .select).encode() == ["interactive": .bool(true)])
        #expect(Options(capture: .pickWindow).encode() == ["pick_window": .bool(true)])
        #expect(Options(capture: .screen, live: true).encode() == ["live": .bool(true)])
    }

    @Test("accessibility: sent only when said, either way; decoded for CaptureScreen; nil leaves it to the setting")
    func accessibility() throws {
        var off = Options(capture: .screen)
        off.accessibility = false
        #expect(off.encode() == ["accessibility": .bool(false)])
        #expect(try Options(decoding: off.encode(), capturing: true) == off)
        #expect(try Options(decoding: [:], capturing: true).accessibility == nil)
        #expect(try Options(decoding: ["accessibility": .bool(true)], capturing: true).accessibility == true)
    }

    @Test("nothing set sends nothing: flags only when on, the screen as no target, the settings decide the rest")
    func defaultsSendNothing() throws {
        #expect(Options().encode().isEmpty)
        #expect(Options(languages: .automatic, only: [], capture: .screen).encode().isEmpty)
        #expect(try Options(decoding: [:]) == Options())
        #expect(try Options(decoding: [:], capturing: true) == Options(capture: .screen))
        #expect(try Options(decoding: ["copy": .bool(false), "interactive": .bool(false)], capturing: true)
                == Options(capture: .screen))
    }

    @Test("a CLI configuration sends its types always, and languages and only when it names them")
    func fromConfiguration() throws {
        let automatic = ImageAnalyzer.Configuration(types: [.text, .codes])
        #expect(Options(automatic).encode() == ["types": .strings(["text", "codes"])])
        let named = ImageAnalyzer.Configuration(types: .all, languages: try LanguageSet("eng+deu"), only: [.phone, .link])
        #expect(Options(named).encode() == ["types": .strings(["text", "codes", "detectors"]),
                                           "languages": .strings(["eng", "deu"]), "only": .strings(["link", "phone"])])
    }

    @Test("the configuration over the daemon's defaults: what is named replaces, only turns the detectors on")
    func configurationOverDefaults() throws {
        let defaults = ImageAnalyzer.Configuration(types: [.text], languages: try LanguageSet("fra"))
        #expect(Options().configuration(over: defaults) == defaults)
        let decoded = try Options(decoding: ["types": .strings(["codes"]), "only": .strings(["email"])])
        let configuration = decoded.configuration(over: defaults)
        #expect(configuration.types == [.codes, .detectors])
        #expect(configuration.only == [.email])
        #expect(configuration.languages == (try LanguageSet("fra")))
        #expect(Options(languages: .automatic).configuration(over: defaults).languages == (try LanguageSet("fra")))
        #expect(Options(languages: try LanguageSet("deu")).configuration(over: defaults).languages == (try LanguageSet("deu")))
    }

    @Test("the service's request reads the caller's fields through and holds the configuration they make")
    func serviceRequest() throws {
        let request = try RequestOptions(["copy": .bool(true), "only": .strings(["phone"]), "region": .string("x")],
                                         defaults: ImageAnalyzer.Configuration(types: [.text]))
        #expect(request.copy && !request.notify && request.only == [.phone] && request.capture == nil)
        #expect(request.configuration.types == [.text, .detectors])
    }

    // MARK: Wrong types

    @Test("a known key with the wrong type is refused naming the key, what it takes and what it got", arguments: [
        ("types", DBusValue.string("text"), "option 'types' must be an array of strings (as), not a string (s)"),
        ("languages", .string("eng"), "option 'languages' must be an array of strings (as), not a string (s)"),
        ("only", .int32(1), "option 'only' must be an array of strings (as), not an int32 (i)"),
        ("interaction", .bool(true), "option 'interaction' must be an array of strings (as), not a boolean (b)"),
        ("copy", .string("yes"), "option 'copy' must be a boolean (b), not a string (s)"),
        ("primary", .int32(1), "option 'primary' must be a boolean (b), not an int32 (i)"),
        ("notify", .uint32(1), "option 'notify' must be a boolean (b), not a uint32 (u)"),
        ("replace", .strings(["true"]), "option 'replace' must be a boolean (b), not an array (as)"),
        ("copy", .variant(.bool(true)), "option 'copy' must be a boolean (b), not a variant (v)"),
        ("region", .string("0,0,10,10"), "option 'region' must be a rectangle (iiuu: x, y, width, height), not a string (s)"),
        ("region", .structure([.int32(0), .int32(0), .int32(5), .int32(5)]), "option 'region' must be a rectangle"),
        ("region", .structure([.int32(0), .int32(0), .uint32(5)]), "option 'region' must be a rectangle"),
        ("window", .string("0x1"), "option 'window' must be an X window id (t, or u), not a string (s)"),
        ("window", .int64(5), "option 'window' must be an X window id (t, or u), not an int64 (x)"),
        ("monitor", .int32(1), "option 'monitor' must be a monitor index (u), not an int32 (i)"),
        ("interactive", .string("yes"), "option 'interactive' must be a boolean (b), not a string (s)"),
        ("pick_window", .uint32(1), "option 'pick_window' must be a boolean (b), not a uint32 (u)"),
        ("live", .string("true"), "option 'live' must be a boolean (b), not a string (s)"),
        ("accessibility", .string("on"), "option 'accessibility' must be a boolean (b), not a string (s)"),
    ] as [(String, DBusValue, String)])
    func wrongType(key: String, value: DBusValue, message: String) {
        Self.refused([key: value], capturing: true, message)
    }

    @Test("capture keys are unknown keys outside CaptureScreen: ignored, whatever their type")
    func captureKeysElsewhere() throws {
        let options: [String: DBusValue] = ["region": .string("nonsense"), "window": .int32(0), "interactive": .bool(true)]
        #expect(try Options(decoding: options) == Options())
        #expect(Options.unknownKeys(in: options) == ["interactive", "region", "window"])
        #expect(Options.unknownKeys(in: options, capturing: true).isEmpty)
    }

    // MARK: Unknown keys and names

    @Test("unknown keys are ignored as PRODUCT.md says, and listed for the log with the keys that exist")
    func unknownKeys() throws {
        let options: [String: DBusValue] = ["copy": .bool(true), "colour": .string("red"), "Types": .strings(["text"]),
                                            "live": .bool(true)]
        #expect(try Options(decoding: options) == Options(copy: true))
        #expect(Options.unknownKeys(in: options) == ["Types", "colour", "live"])
        let list = Options.keyList()
        for key in Options.requestKeys { #expect(list.contains(key.name)) }
        #expect(list.hasPrefix("types (as), languages (as), only (as), copy (b)"))
        #expect(!list.contains("region"))
        #expect(Options.keyList(capturing: true).hasSuffix("monitor (u), interactive (b), pick_window (b), live (b), accessibility (b)"))
    }

    @Test("an unknown item kind is refused with the valid names; iOS content types and comma lists are kinds")
    func onlyNames() throws {
        Self.refused(["only": .strings(["phone", "fax"])], "option 'only'", "'fax'", ItemKind.nameList)
        #expect(try Options(decoding: ["only": .strings(["telephoneNumber", "url, EMAIL"])]).only == [.phone, .link, .email])
    }

    @Test("an unknown analysis type or interaction type is refused with the valid names")
    func typeNames() {
        Self.refused(["types": .strings(["text", "words"])], "option 'types'", "'words'", AnalysisTypes.nameList)
        Self.refused(["interaction": .strings(["textSelection", "live"])], "option 'interaction'", "\"live\"",
                     InteractionType.allCases.map(\.rawValue).joined(separator: ", "))
        Self.refused(["interaction": .strings(["none", "automatic"])], "option 'interaction'", "\"none\" cannot be combined")
    }

    // MARK: Empty values

    @Test("empty lists: no types and no languages are refused, no only names is no filter, no interaction is refused")
    func emptyValues() throws {
        Self.refused(["types": .strings([])], "option 'types'", "no analysis type given", AnalysisTypes.nameList)
        Self.refused(["types": .strings(["", " "])], "no analysis type given")
        Self.refused(["languages": .strings([])], "option 'languages' names no language", "[\"eng\", \"deu\"]")
        Self.refused(["languages": .strings(["", "  "])], "option 'languages' names no language")
        #expect(try Options(decoding: ["only": .strings([])]).only == nil)
        #expect(try Options(decoding: ["only": .strings([" ", ","])]).only == nil)
        Self.refused(["interaction": .strings([])], "option 'interaction'", "at least one interaction type")
    }

    @Test("language names that reach outside the language directory, or are too long, are refused", arguments: [
        ["../eng"], ["eng/x"], ["eng.traineddata"], ["eng deu"], [String(repeating: "a", count: 65)],
    ])
    func badLanguages(names: [String]) {
        Self.refused(["languages": .strings(names)], "option 'languages'", "invalid language name")
    }

    @Test("a language name of 64 characters and names joined by + are taken")
    func languageBounds() throws {
        let long = String(repeating: "a", count: 64)
        #expect(try Options(decoding: ["languages": .strings([long])]).languages?.names == [long])
        #expect(try Options(decoding: ["languages": .strings(["eng+deu", "eng"])]).languages?.names == ["eng", "deu"])
    }

    // MARK: Bounds

    @Test("capture numbers at their bounds: any int32 corner and uint32 size, any window id but 0, any monitor index")
    func captureBounds() throws {
        let far = try Options(decoding: ["region": .structure([.int32(.min), .int32(.max), .uint32(.max), .uint32(1)])],
                              capturing: true)
        #expect(far.capture == .region(Bounds(x: Int(Int32.min), y: Int(Int32.max), width: Int(UInt32.max), height: 1)))
        #expect(try Options(decoding: ["window": .uint64(.max)], capturing: true).capture == .window(UInt(UInt64.max)))
        #expect(try Options(decoding: ["window": .uint32(.max)], capturing: true).capture == .window(UInt(UInt32.max)))
        #expect(try Options(decoding: ["monitor": .uint32(.max)], capturing: true).capture == .monitor(Int(UInt32.max)))
        Self.refused(["window": .uint64(0)], capturing: true, "option 'window' is 0, which is no window")
        Self.refused(["window": .uint32(0)], capturing: true, "option 'window' is 0")
        for (width, height) in [(UInt32(0), UInt32(5)), (5, 0), (0, 0)] {
            Self.refused(["region": .structure([.int32(0), .int32(0), .uint32(width), .uint32(height)])], capturing: true,
                         "option 'region' is empty")
        }
    }

    @Test("numbers out of a key's range are clamped when encoded, never a trap; the daemon refuses what names nothing")
    func encodingClamps() throws {
        #expect(Options(capture: .monitor(-1)).encode()["monitor"] == .uint32(0))
        #expect(Options(capture: .monitor(.max)).encode()["monitor"] == .uint32(.max))
        let wild = Options(capture: .region(Bounds(x: .min, y: .max, width: -5, height: .max))).encode()
        #expect(wild["region"] == .structure([.int32(.min), .int32(.max), .uint32(0), .uint32(.max)]))
        Self.refused(wild, capturing: true, "option 'region' is empty")
        // An empty set of types goes out as it is, and is refused.
        Self.refused(Options(types: []).encode(), "no analysis type given")
    }

    @Test("live: a target the user picks, copy, notify and the interaction type none are refused, named")
    func liveRefusals() throws {
        Self.refused(["live": .bool(true), "interactive": .bool(true)], capturing: true,
                     "options 'live' and 'interactive' exclude each other")
        Self.refused(["live": .bool(true), "pick_window": .bool(true)], capturing: true,
                     "options 'live' and 'pick_window' exclude each other")
        Self.refused(["live": .bool(true), "copy": .bool(true)], capturing: true, "options 'live' and 'copy'", "Ctrl+C")
        Self.refused(["live": .bool(true), "notify": .bool(true)], capturing: true, "options 'live' and 'notify'")
        Self.refused(["live": .bool(true), "interaction": .strings(["none"])], capturing: true,
                     "option 'interaction'", "none offers nothing")
        // Switched off, none of that matters; outside CaptureScreen live is an unknown key.
        #expect(try Options(decoding: ["live": .bool(false), "copy": .bool(true), "interactive": .bool(true)],
                            capturing: true) == Options(copy: true, capture: .select))
        #expect(try Options(decoding: ["live": .bool(true), "copy": .bool(true)]) == Options(copy: true))
        #expect(Options(live: true).encode().isEmpty)
    }

    @Test("two targets exclude each other, named; a target switched off chooses nothing")
    func oneTarget() throws {
        Self.refused(["window": .uint64(1), "interactive": .bool(true)], capturing: true, "options 'window' and 'interactive' exclude each other")
        Self.refused(["region": .structure([.int32(0), .int32(0), .uint32(1), .uint32(1)]), "monitor": .uint32(0),
                      "pick_window": .bool(true)], capturing: true, "'region' and 'monitor' and 'pick_window'")
        #expect(try Options(decoding: ["window": .uint64(9), "interactive": .bool(false), "pick_window": .bool(false)],
                            capturing: true).capture == .window(9))
    }
}
