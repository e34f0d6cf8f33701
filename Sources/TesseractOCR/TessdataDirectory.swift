import Foundation
import LiveTextCore

/// Where tesseract's language data lives, and which languages it holds.
public struct TessdataDirectory: Sendable, Hashable {
    public let path: String

    /// Directories searched, in order, when `TESSDATA_PREFIX` is not set.
    public static let standardPaths = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
    ]

    public init(path: String) { self.path = path }

    /// `TESSDATA_PREFIX` when set (the directory holding the `.traineddata` files), else the
    /// first standard directory that exists.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> TessdataDirectory
    {
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            for candidate in [prefix, (prefix as NSString).appendingPathComponent("tessdata")] {
                let directory = TessdataDirectory(path: candidate)
                if !directory.installedLanguages().isEmpty { return directory }
            }
            throw LiveTextError(.unavailable, "TESSDATA_PREFIX=\(prefix) holds no .traineddata files")
        }
        for path in standardPaths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return TessdataDirectory(path: path)
            }
        }
        throw LiveTextError(.unavailable,
                            "no tesseract language data found: install tesseract-ocr-eng (or set TESSDATA_PREFIX)")
    }

    /// Languages with a `.traineddata` file here, sorted; `osd` (orientation data) left out.
    public func installedLanguages() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return files.filter { $0.hasSuffix(".traineddata") }
            .map { String($0.dropLast(".traineddata".count)) }
            .filter { $0 != "osd" }
            .sorted()
    }

    /// Throws `unavailable`, naming the Debian package, for the first language not installed.
    public func check(_ languages: LanguageSet) throws {
        if let missing = languages.names.first(where: { !holds($0) }) {
            throw LiveTextError(.unavailable, missingNote(missing))
        }
    }

    /// Whether the data of `language` is here (and readable).
    public func holds(_ language: String) -> Bool {
        FileManager.default.isReadableFile(atPath: file(of: language))
    }

    /// `…/deu.traineddata`.
    public func file(of language: String) -> String {
        (path as NSString).appendingPathComponent(language + ".traineddata")
    }

    /// What to say of a language that is not installed: the package that adds it, when Debian
    /// has one.
    public func missingNote(_ language: String) -> String {
        if let package = DebianLanguagePacks.package(for: language) {
            return "no language data for '\(language)' in \(path): install \(package)"
        }
        return "no language data for '\(language)' in \(path), and no Debian package has it (see `livetext languages`)"
    }
}
