import LiveTextCore
import TesseractOCR
import ZBarCodes

extension ImageAnalyzer.Engines {
    /// Tesseract for text and ZBar for codes, with the language data found on this system.
    public static func system() throws -> ImageAnalyzer.Engines {
        let tessdata = try TessdataDirectory.locate()
        return ImageAnalyzer.Engines(
            makeTextRecognizer: { try TesseractEngine(languages: $0, tessdata: tessdata) },
            codeReader: ZBarCodeReader(),
            checkLanguages: { try tessdata.check($0) })
    }
}

extension ImageAnalyzer {
    /// The analyzer with the system's engines.
    public static func system(concurrency: Int? = nil) throws -> ImageAnalyzer {
        let engines = try ImageAnalyzer.Engines.system()
        if let concurrency { return ImageAnalyzer(engines: engines, concurrency: concurrency) }
        return ImageAnalyzer(engines: engines)
    }
}
