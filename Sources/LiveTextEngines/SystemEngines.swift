import Foundation
import LiveTextCore
import LiveTextDetectors
import TesseractOCR
import ZBarCodes

extension ImageAnalyzer.Engines {
    /// Tesseract for text, ZBar for codes and the data detectors, with the language data found
    /// on this system.
    public static func system(interpreter: (any ContentInterpreter)? = nil) throws -> ImageAnalyzer.Engines {
        let tessdata = try TessdataDirectory.locate()
        return ImageAnalyzer.Engines(
            makeTextRecognizer: { try TesseractEngine(languages: $0, tessdata: tessdata) },
            codeReader: ZBarCodeReader(),
            checkLanguages: { try tessdata.check($0) },
            planLanguages: { languages in
                let plan = try tessdata.plan(languages, locale: LocaleLanguages(environment: ProcessInfo.processInfo.environment))
                LanguageNotes.shared.say(plan.notes)
                return plan
            },
            interpreter: interpreter)
    }
}

/// Notes about languages, each written to stderr once a process (an analysis plans its
/// languages every time).
final class LanguageNotes: @unchecked Sendable {
    static let shared = LanguageNotes()
    private let lock = NSLock()
    private var said = Set<String>()

    func say(_ notes: [String]) {
        let fresh = lock.withLock { notes.filter { said.insert($0).inserted } }
        for note in fresh { StandardError.write("livetext: \(note)\n") }
    }
}

extension ImageAnalyzer {
    /// The analyzer with the system's engines; `interpreter` finds items and actions.
    public static func system(concurrency: Int? = nil, interpreter: (any ContentInterpreter)? = nil,
                              cacheCapacity: Int = 32) throws -> ImageAnalyzer {
        let engines = try ImageAnalyzer.Engines.system(interpreter: interpreter)
        return ImageAnalyzer(engines: engines, concurrency: concurrency ?? ProcessInfo.processInfo.activeProcessorCount,
                             cacheCapacity: cacheCapacity)
    }
}

/// The OCR languages installed on this system.
public enum SystemLanguages {
    public static func installed() -> [String] {
        (try? TessdataDirectory.locate())?.installedLanguages() ?? []
    }
}
