import Foundation
import LiveTextCore
import TesseractOCR

/// The OCR languages of this system, for `livetext languages`: those installed, those the
/// locale (or the settings) ask for that are not, and how an analysis with none named reads.
public struct LanguageReport: Sendable, Hashable {
    public struct Language: Sendable, Hashable {
        /// Tesseract's name, `deu`.
        public var code: String
        /// In English, `German` (the code when unknown).
        public var name: String
        /// The Debian package adding it; nil when Debian packs no language of that name.
        public var package: String?
    }

    /// Where the language data is.
    public var tessdata: String
    public var installed: [Language]
    /// Asked for by the locale or the settings, not installed.
    public var missing: [Language]
    /// Locale names with no tesseract language.
    public var unknownLocales: [String]
    /// What every block is read with when no language is named.
    public var primary: [String]
    /// Installed languages a block is read again in when its text is plainly one of them.
    public var automatic: [String]
    /// Installed languages of other scripts a block is read again in when it reads far more surely.
    public var otherScripts: [String]

    /// `configured`: the settings' languages (empty: none named).
    public init(configured: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let directory = try TessdataDirectory.locate(environment: environment)
        let locale = LocaleLanguages(environment: environment)
        let installedCodes = directory.installedLanguages()
        tessdata = directory.path
        installed = installedCodes.map(Self.language)
        var asked = locale.languages + ["eng"]
        asked += configured.filter { !asked.contains($0) }
        missing = asked.filter { !installedCodes.contains($0) }.map(Self.language)
        unknownLocales = locale.unknown
        let plan = try? directory.plan(.automatic, locale: locale)
        primary = plan?.primary.names ?? []
        automatic = plan?.alternatives ?? []
        otherScripts = plan?.otherScripts ?? []
    }

    static func language(_ code: String) -> Language {
        Language(code: code, name: DebianLanguagePacks.name(of: code), package: DebianLanguagePacks.package(for: code))
    }
}
