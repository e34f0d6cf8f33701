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
            makeTextRecognizer: { languages in
                let engine = try TesseractEngine(languages: languages, tessdata: tessdata)
                LanguageNotes.shared.say(engine.notes)
                return engine
            },
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

    /// Says (once) which of `languages` are not installed here, for a client whose analysis a
    /// daemon runs and whose notes go to the daemon's log. None installed is the analysis' error.
    public static func noteMissing(_ languages: LanguageSet) {
        guard !languages.isAutomatic, let tessdata = try? TessdataDirectory.locate(),
              let plan = try? tessdata.plan(languages, locale: LocaleLanguages(environment: [:])) else { return }
        LanguageNotes.shared.say(plan.notes)
    }
}
