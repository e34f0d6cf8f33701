import Foundation
import Testing
@testable import LiveTextCore

@Suite("bounds and model values")
struct ModelTests {
    @Test("union and intersection of bounds")
    func boundsArithmetic() {
        let a = Bounds(x: 10, y: 10, width: 20, height: 10)
        let b = Bounds(x: 25, y: 5, width: 10, height: 10)
        #expect(a.union(b) == Bounds(x: 10, y: 5, width: 25, height: 15))
        #expect(a.intersection(b) == Bounds(x: 25, y: 10, width: 5, height: 5))
        #expect(a.intersection(Bounds(x: 100, y: 100, width: 1, height: 1)).isEmpty)
        #expect([a, b].union == a.union(b))
        #expect(Bounds(x: -5, y: -5, width: 20, height: 20).clamped(width: 10, height: 8)
                == Bounds(x: 0, y: 0, width: 10, height: 8))
    }

    @Test("bounds encode as [x, y, width, height] and decode back")
    func boundsCoding() throws {
        let data = try JSONEncoder().encode(Bounds(x: 1, y: 2, width: 3, height: 4))
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4]")
        #expect(try JSONDecoder().decode(Bounds.self, from: data) == Bounds(x: 1, y: 2, width: 3, height: 4))
    }

    @Test("analysis types parse from names", arguments: [
        (["text"], AnalysisTypes.text),
        (["text", "codes"], [.text, .codes]),
        ([" Codes ", "detectors"], [.codes, .detectors]),
        (["text", "codes", "detectors"], .all),
    ] as [([String], AnalysisTypes)])
    func analysisTypes(names: [String], expected: AnalysisTypes) throws {
        #expect(try AnalysisTypes(names: names) == expected)
    }

    @Test("unknown or missing analysis types are usage errors", arguments: [["txt"], [], [""], ["text", "qr"]])
    func badAnalysisTypes(names: [String]) {
        #expect(throws: LiveTextError.self) { try AnalysisTypes(names: names) }
        do { _ = try AnalysisTypes(names: names) } catch let error as LiveTextError {
            #expect(error.code == .invalidArgs)
        } catch {}
    }

    @Test("language sets parse tesseract names and refuse paths", arguments: [
        ("eng", "eng"), ("eng+deu", "eng+deu"), ("eng,fra", "eng+fra"), ("eng+eng", "eng"), ("chi_sim", "chi_sim"),
    ])
    func languageSets(spec: String, expected: String) throws {
        #expect(try LanguageSet(spec).description == expected)
    }

    @Test("invalid language names are usage errors", arguments: ["", "+", "../eng", "eng/x", "eng deu", "é"])
    func badLanguageSets(spec: String) {
        #expect(throws: LiveTextError.self) { try LanguageSet(spec) }
    }

    @Test("the core's errors name no interface: no command-line flag, no D-Bus name; a remedy says what cures them")
    func errorsSayWhatHappened() throws {
        var errors: [LiveTextError] = [.tooLarge(width: 20_000, height: 20_000, limit: 100), .cancelled]
        for spec in ["", "+", " , "] {
            do { _ = try LanguageSet(spec) } catch let error as LiveTextError { errors.append(error) }
        }
        for (width, height) in [(0, 0), (2, 500), (20_000, 20_000)] {
            do { try ImageLimits().check(width: width, height: height) } catch let error as LiveTextError { errors.append(error) }
        }
        #expect(errors.count == 8)
        for error in errors {
            #expect(!error.message.contains("--") && !error.message.contains("org.livetext"), "\(error.message)")
        }
        #expect(errors[0].remedy == .raisePixelLimit && errors[0].code == .tooLarge)
        #expect(errors[0].message == "image is 20000×20000 pixels, over the limit of 100 pixels")
        #expect(errors[2].remedy == .nameLanguages && errors[2].code == .invalidArgs)
        #expect(errors[5].remedy == nil, "an image with nothing to analyze has no knob")
        // Naming the input keeps what the error is and what cures it.
        let named = errors[0].about("shot.png")
        #expect(named.message.hasPrefix("shot.png: image is") && named.remedy == .raisePixelLimit && named.code == .tooLarge)
    }

    @Test("image limits refuse empty, tiny and oversized images before decoding", arguments: [
        (0, 0, LiveTextError.Code.invalidImage), (1, 1, .invalidImage), (2, 500, .invalidImage),
        (20_000, 20_000, .tooLarge), (Int.max, 2, .tooLarge),
    ])
    func limits(width: Int, height: Int, code: LiveTextError.Code) {
        do {
            try ImageLimits().check(width: width, height: height)
            Issue.record("accepted \(width)x\(height)")
        } catch let error as LiveTextError {
            #expect(error.code == code)
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test("a block's text joins its lines, the analysis text joins blocks with a blank line")
    func textJoining() {
        let w = { (t: String, x: Int) in TextWord(text: t, bounds: Bounds(x: x, y: 0, width: 10, height: 10), confidence: 90) }
        let block1 = TextBlock(lines: [TextLine(words: [w("Hello", 0), w("world", 20)]), TextLine(words: [w("again", 0)])])
        let block2 = TextBlock(lines: [TextLine(words: [w("Two", 0)])])
        let analysis = ImageAnalysis(image: .init(width: 10, height: 10, source: "x"), blocks: [block1, block2])
        #expect(block1.text == "Hello world\nagain")
        #expect(analysis.text == "Hello world\nagain\n\nTwo")
        #expect(block1.bounds == Bounds(x: 0, y: 0, width: 30, height: 10))
    }
}
