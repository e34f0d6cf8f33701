import DBusKit
import LiveTextCore
import LiveTextEngines
@testable import LiveTextService
import Testing

/// The service maps livetext's errors once: to the `org.livetext.Error.*` names of PRODUCT.md, with
/// messages in D-Bus words. No reply a D-Bus caller reads names a command-line flag.
@Suite("errors over D-Bus")
struct ErrorMappingTests {
    /// `--max-pixels`, `--lang`: a command-line flag in a message.
    static func namesAFlag(_ message: String) -> Bool {
        message.ranges(of: /(^|[\s(`'"])--[a-z]/).isEmpty == false
    }

    @Test("each code has its PRODUCT.md name, and the name reads back as the code", arguments: [
        (LiveTextError.Code.invalidArgs, "org.livetext.Error.InvalidArgs"),
        (.invalidImage, "org.livetext.Error.InvalidImage"),
        (.tooLarge, "org.livetext.Error.TooLarge"),
        (.notFound, "org.livetext.Error.NotFound"),
        (.cancelled, "org.livetext.Error.Cancelled"),
        (.unavailable, "org.livetext.Error.Unavailable"),
        (.accessDenied, "org.livetext.Error.AccessDenied"),
        (.failed, "org.livetext.Error.Failed"),
    ])
    func names(code: LiveTextError.Code, name: String) {
        #expect(code.dbusName == name)
        #expect(LiveTextError.Code(dbusName: name) == code)
        #expect(LiveTextError(code, "x").dbusError.name == name)
    }

    @Test("names that are not livetext's read as no code")
    func foreignNames() {
        for name in ["org.freedesktop.DBus.Error.Failed", "org.livetext.Error.", "org.livetext.Error.invalidArgs",
                     "org.livetext.Error.TooLargeX", "InvalidArgs", ""] {
            #expect(LiveTextError.Code(dbusName: name) == nil, "\(name)")
        }
        #expect(Set(LiveTextError.Code.allCases.map(\.dbusName)).count == 8)
    }

    @Test("a remedy is named in D-Bus words: the settings key or the option, never the flag")
    func remedies() {
        let pixels = LiveTextError.tooLarge(width: 4000, height: 3000, limit: 100)
        #expect(pixels.dbusMessage == "image is 4000×3000 pixels, over the limit of 100 pixels (limits.max_pixels in the settings raises it)")
        #expect(pixels.dbusError.message == pixels.dbusMessage)
        let languages = LiveTextError(.invalidArgs, "no language given", remedy: .nameLanguages)
        #expect(languages.dbusMessage.contains("the option languages"))
        #expect(LiveTextError(.failed, "plain").dbusMessage == "plain")
    }

    @Test("no D-Bus message of any code, remedy or error the service's inputs produce names a command-line flag")
    func noFlagInAnyMessage() async throws {
        var errors: [LiveTextError] = []
        // Every code with every remedy, and none.
        for code in LiveTextError.Code.allCases {
            for remedy in LiveTextError.Remedy.allCases.map(Optional.some) + [nil] {
                errors.append(LiveTextError(code, "what happened", remedy: remedy))
            }
        }
        func collect(_ body: () throws -> Void) {
            do { try body() } catch let error as LiveTextError { errors.append(error) } catch {
                Issue.record("not a LiveTextError: \(error)")
            }
        }
        // The core's errors that have remedies, as the service meets them.
        collect { try ImageLimits(maxPixels: 100).check(width: 4000, height: 3000) }
        collect { _ = try LanguageSet("+") }
        collect { _ = try LanguageSet("../etc") }
        collect {
            let input = ImageInput(limits: ImageLimits(maxPixels: 10))
            _ = try input.decodeInProcess(input.read(path: Fixture.directory.appendingPathComponent("text-light-15px.png").path))
        }
        collect { _ = try ImageInput().read(path: "/nonexistent/x.png") }
        // Every refusal of the request options.
        for options: [String: DBusValue] in [
            ["types": .string("x")], ["types": .strings([])], ["types": .strings(["words"])],
            ["languages": .strings([])], ["languages": .strings(["../x"])], ["languages": .int32(1)],
            ["only": .strings(["fax"])], ["only": .bool(true)], ["interaction": .strings([])],
            ["interaction": .strings(["none", "automatic"])], ["copy": .string("y")], ["replace": .int32(0)],
            ["region": .string("x")], ["region": .structure([.int32(0), .int32(0), .uint32(0), .uint32(0)])],
            ["window": .uint64(0)], ["monitor": .int32(-1)], ["interactive": .string("y")],
            ["window": .uint64(1), "pick_window": .bool(true)],
            ["activation_token": .string("")], ["activation_token": .string("two words")],
            ["activation_token": .string(String(repeating: "t", count: 513))],
        ] {
            collect { _ = try AnalysisRequestOptions(decoding: options, capturing: true) }
        }
        // Every refusal of an Analyze source.
        for source in ["", "x.png", "~/x.png", "window:0", "window:zz", "monitor:-1", "region:1,2,3", "region:0,0,0,5", "printer"] {
            collect { _ = try AnalysisSource(parsing: source) }
        }
        let expected: Int = 8 * 3 + 5 + 21 + 9
        #expect(errors.count == expected)
        for error in errors {
            #expect(!Self.namesAFlag(error.dbusError.message), "\(error.dbusError.name): \(error.dbusError.message)")
        }
        // The pattern does find a flag.
        #expect(Self.namesAFlag("over the limit (set --max-pixels to raise it)") && !Self.namesAFlag("x--y, 2 -- 3"))
    }

    @Test("a reply maps livetext's errors to their names, passes D-Bus errors through, and makes anything else Failed")
    func replies() async {
        func name(_ error: any Error) async -> (String, String)? {
            do {
                _ = try await replying { () async throws -> Int in throw error }
                return nil
            } catch let error as DBusError {
                return (error.name, error.message)
            } catch {
                return nil
            }
        }
        let tooLarge = await name(LiveTextError.tooLarge(width: 9, height: 9, limit: 80))
        #expect(tooLarge?.0 == "org.livetext.Error.TooLarge")
        #expect(tooLarge?.1.hasSuffix("(limits.max_pixels in the settings raises it)") == true)
        #expect(await name(DBusError(name: "org.freedesktop.DBus.Error.LimitsExceeded", message: "m"))?.0
                == "org.freedesktop.DBus.Error.LimitsExceeded")
        #expect(await name(CancellationError())?.0 == "org.livetext.Error.Failed")
    }
}
