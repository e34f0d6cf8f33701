import Foundation
import Testing
import LiveTextCore
import TesseractOCR

@Suite("OCR languages: the locale's, the installed, the missing")
struct LanguageTests {
    @Test("a locale name gives its tesseract language", arguments: [
        ("de_DE.UTF-8", "deu"), ("de_AT", "deu"), ("de", "deu"), ("pt_BR", "por"), ("pt_PT.UTF-8", "por"),
        ("zh_CN.UTF-8", "chi_sim"), ("zh_TW.UTF-8", "chi_tra"), ("zh_HK", "chi_tra"), ("sr_RS@latin", "srp_latn"),
        ("sr_RS.UTF-8", "srp"), ("uz_UZ@cyrillic", "uzb_cyrl"), ("en_GB.UTF-8", "eng"), ("nb_NO.UTF-8", "nor"),
        ("iw_IL", "heb"), ("fil_PH", "fil"), ("ca_ES@valencia", "cat"), ("fr_FR.UTF-8@euro", "fra"),
    ])
    func localeLanguage(locale: String, language: String) {
        #expect(LocaleLanguages.language(ofLocale: locale) == language)
    }

    @Test("C, POSIX and languages without a Debian pack give none", arguments: ["C", "POSIX", "C.UTF-8", "", "ast_ES.UTF-8", "xx_YY"])
    func noLocaleLanguage(locale: String) {
        #expect(LocaleLanguages.language(ofLocale: locale) == nil)
    }

    @Test("LANGUAGE's list comes first, then LC_ALL, LC_MESSAGES and LANG, each language once")
    func localeOrder() {
        let locale = LocaleLanguages(environment: ["LANGUAGE": "fr_CA:ast:de", "LC_MESSAGES": "pl_PL.UTF-8",
                                                   "LANG": "de_DE.UTF-8", "LC_ALL": ""])
        #expect(locale.languages == ["fra", "deu", "pol"])
        #expect(locale.unknown == ["ast"])
        #expect(LocaleLanguages(environment: ["LANG": "C.UTF-8"]) == LocaleLanguages(environment: [:]))
    }

    @Test("Debian's package names, and none invented")
    func packages() {
        #expect(DebianLanguagePacks.package(for: "chi_sim") == "tesseract-ocr-chi-sim")
        #expect(DebianLanguagePacks.package(for: "deu") == "tesseract-ocr-deu")
        #expect(DebianLanguagePacks.package(for: "klingon") == nil)
        #expect(DebianLanguagePacks.package(for: "Latin") == nil)
        #expect(DebianLanguagePacks.name(of: "nld") == "Dutch")
    }

    /// A language directory holding (empty) data for `languages`.
    static func tessdata(_ languages: [String]) throws -> TessdataDirectory {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessdata-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for language in languages {
            _ = FileManager.default.createFile(atPath: "\(path)/\(language).traineddata", contents: Data())
        }
        return TessdataDirectory(path: path)
    }

    @Test("a named language that is not installed is a note naming its package; the others are read")
    func missingNamed() throws {
        let directory = try Self.tessdata(["eng", "deu"])
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let none = LocaleLanguages(environment: [:])
        let plan = try directory.plan(try LanguageSet("eng+ces+klingon"), locale: none)
        #expect(plan.primary.names == ["eng"])
        #expect(plan.alternatives.isEmpty)
        #expect(plan.notes.count == 2)
        #expect(plan.notes[0].contains("'ces'") && plan.notes[0].contains("install tesseract-ocr-ces"))
        #expect(plan.notes[1].contains("'klingon'") && !plan.notes[1].contains("tesseract-ocr-klingon"))
        #expect(throws: LiveTextError.self) { try directory.plan(try LanguageSet("ces+klingon"), locale: none) }
    }

    @Test("named languages are read with English after them, for the words they are unsure of")
    func namedWithEnglish() throws {
        let directory = try Self.tessdata(["eng", "deu", "spa"])
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let none = LocaleLanguages(environment: [:])
        #expect(try directory.plan(try LanguageSet("spa"), locale: none).primary.names == ["spa", "eng"])
        #expect(try directory.plan(try LanguageSet("deu+eng+spa"), locale: none).primary.names == ["deu", "eng", "spa"])
        #expect(try directory.plan(try LanguageSet("spa"), locale: none).otherScripts.isEmpty)
        let noEnglish = try Self.tessdata(["spa"])
        defer { try? FileManager.default.removeItem(atPath: noEnglish.path) }
        #expect(try noEnglish.plan(try LanguageSet("spa"), locale: none).primary.names == ["spa"])
    }

    @Test("nothing named: the locale's installed languages and English, the other known ones on demand")
    func automatic() throws {
        let directory = try Self.tessdata(["eng", "deu", "fra", "rus"])
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let german = try directory.plan(.automatic, locale: LocaleLanguages(environment: ["LANG": "de_DE.UTF-8"]))
        #expect(german.primary.names == ["deu", "eng"])
        #expect(german.alternatives == ["fra"])
        #expect(german.notes.isEmpty)
        let czech = try directory.plan(.automatic, locale: LocaleLanguages(environment: ["LANG": "cs_CZ.UTF-8"]))
        #expect(czech.primary.names == ["eng"])
        #expect(czech.alternatives == ["deu", "fra"])
        #expect(czech.notes == ["the locale asks for Czech, not installed: sudo apt install tesseract-ocr-ces"])
        #expect(czech.otherScripts == ["rus"])
        #expect(german.otherScripts == ["rus"])
        let empty = try Self.tessdata([])
        defer { try? FileManager.default.removeItem(atPath: empty.path) }
        #expect(throws: LiveTextError.self) { try empty.plan(.automatic, locale: LocaleLanguages(environment: [:])) }
    }

    @Test("a damaged language file is named; the other languages of the set still load")
    func damagedPack() throws {
        let system = try TessdataDirectory.locate()
        let directory = try Self.tessdata([])
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        try FileManager.default.copyItem(atPath: system.file(of: "eng"), toPath: directory.file(of: "eng"))
        let german = try Data(contentsOf: URL(fileURLWithPath: system.file(of: "deu")))
        try german.prefix(100_000).write(to: URL(fileURLWithPath: directory.file(of: "deu")))
        for set in ["eng+deu", "deu+eng"] {
            let engine = try TesseractEngine(languages: try LanguageSet(set), tessdata: directory)
            #expect(engine.notes.count == 1)
            #expect(engine.notes.first?.contains(directory.file(of: "deu")) == true)
            #expect(engine.notes.first?.contains("reinstall tesseract-ocr-deu") == true)
        }
        do {
            _ = try TesseractEngine(languages: try LanguageSet("deu"), tessdata: directory)
            Issue.record("a damaged file loaded")
        } catch let error as LiveTextError {
            #expect(error.code == .unavailable)
            #expect(error.message.contains(directory.file(of: "deu")))
        }
    }

    static let german = "Lieferung nach München, Hauptstraße 12 Bitte öffnen Sie die Tür für den Fahrer, "
        + "er klingelt zweimal. Grüße aus Köln!"

    @Test("a German page with nothing configured reads as German: ß and umlauts right, language deu")
    func germanPage() async throws {
        let analysis = try await Fixture.analyzer.analyze(try Fixture.image("text-german-15px.png"), source: "de",
                                                          configuration: .init(types: .text))
        #expect(Fixture.characterErrorRate(analysis.text, Self.german) <= 0.01, "\(analysis.text)")
        for word in ["München", "Hauptstraße", "öffnen", "Tür", "für", "Grüße", "Köln"] {
            #expect(analysis.text.contains(word), "\(word) in \(analysis.text)")
        }
        #expect(analysis.blocks.map(\.language) == ["deu"])
    }

    @Test("a page of an English and a German paragraph reads each in its language")
    func mixedPage() async throws {
        let analysis = try await Fixture.analyzer.analyze(try Fixture.image("text-english-german-15px.png"),
                                                          source: "mixed", configuration: .init(types: .text))
        #expect(analysis.blocks.map(\.language) == ["eng", "deu"], "\(analysis.blocks.map(\.text))")
        #expect(analysis.blocks.last?.text.contains("Hauptstraße") == true)
        #expect(analysis.blocks.first?.text.hasPrefix("Your parcel is on its way") == true)
    }

    @Test("English named by hand is read in English only, as before")
    func namedEnglish() async throws {
        let analysis = try await Fixture.analyzer.analyze(try Fixture.image("text-german-15px.png"), source: "de",
                                                          configuration: .init(types: .text, languages: .english))
        #expect(analysis.blocks.map(\.language) == ["eng"])
        #expect(!analysis.text.contains("ß"))
    }
}
