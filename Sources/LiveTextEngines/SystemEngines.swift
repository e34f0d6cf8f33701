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
}
