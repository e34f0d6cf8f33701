import Foundation
import Testing
@testable import LiveTextCore

@Suite("telling a block's language from its text")
struct TextLanguageTests {
    static let all = Set(TextLanguage.known)

    @Test("each language is told apart, also as the English model misreads it", arguments: [
        ("Your order has been shipped and will arrive on Monday.", "eng"),
        ("Click here to see all of the settings for your account", "eng"),
        ("Bitte öffnen Sie die Tür für den Fahrer, er klingelt zweimal.", "deu"),
        ("Lieferung nach Miinchen, Hauptstrafe 12 fiir den Fahrer", "deu"),
        ("Zwei Franzbrétchen und ein Stiick Kasekuchen, bitte", "deu"),
        ("Ihre Bestellung wird morgen zugestellt", "deu"),
        ("Votre commande est arrivée, merci pour votre confiance.", "fra"),
        ("Le chateau est ferme pour les vacances d'ete", "fra"),
        ("El pedido llegará el lunes por la mañana a su casa", "spa"),
        ("A encomenda chegará na segunda-feira, obrigado pela preferência", "por"),
        ("Não foi possível concluir a operação", "por"),
        ("Il tuo ordine è stato spedito e arriverà lunedì nella sede", "ita"),
        ("Uw bestelling is verzonden en komt maandag bij u aan", "nld"),
        ("Twoje zamówienie zostało wysłane i dotrze w poniedziałek", "pol"),
        ("Twoje zamowienie zostato wystane i dotrze w poniedzialek", "pol"),
    ])
    func identifies(text: String, language: String) {
        #expect(TextLanguage.identify(text, among: Self.all) == language, "\(TextLanguage.scores(text))")
    }

    @Test("too little text, code or debris says nothing", arguments: [
        "OK", "12:45", "Cancel", "README.md", "", "München", "Products Reports ã õ", "Transfer limit ì ò",
        #"10.0.4.21 - - [09/Jun/2024:14:02:11 +0000] "GET /api/v2/orders?page=3 HTTP/1.1" 200 5123 /static/app.7e4lc2.js"#,
    ])
    func undecided(text: String) {
        #expect(TextLanguage.identify(text, among: Self.all) == nil)
    }

    @Test("only the candidates are considered")
    func candidates() {
        let german = "Bitte öffnen Sie die Tür für den Fahrer"
        #expect(TextLanguage.identify(german, among: ["eng", "fra"]) == nil)
        #expect(TextLanguage.identify(german, among: ["eng", "deu"]) == "deu")
    }

    @Test("a language name holding a path is refused", arguments: [
        "../eng", "..", "/usr/share/tessdata/eng", "eng/../deu", "eng.traineddata", "e ng", "deu+../../x", "~/x",
    ])
    func pathRefused(spec: String) {
        #expect(throws: LiveTextError.self) { try LanguageSet(spec) }
    }

    @Test("no language named is automatic; names keep their order")
    func automatic() throws {
        #expect(LanguageSet.automatic.isAutomatic)
        #expect(try LanguageSet("deu+eng").names == ["deu", "eng"])
        #expect(!(try LanguageSet("eng")).isAutomatic)
        #expect(LanguagePlan.named(.automatic).primary == .english)
    }

    @Test("a block's language is in the JSON after its confidence, and read back; none, no key")
    func json() throws {
        let word = TextWord(text: "Straße", bounds: Bounds(x: 1, y: 2, width: 3, height: 4), confidence: 90)
        var block = TextBlock(lines: [TextLine(words: [word])])
        let plain = ImageAnalysis(image: .init(width: 9, height: 9, source: "x"), blocks: [block]).jsonLine()
        #expect(!plain.contains("language"))
        block.language = "deu"
        let analysis = ImageAnalysis(image: .init(width: 9, height: 9, source: "x"), blocks: [block])
        let line = analysis.jsonLine()
        #expect(line.contains(#""confidence":90,"language":"deu","lines":"#))
        #expect(line.replacingOccurrences(of: #","language":"deu""#, with: "") == plain)
        let decoded = try JSONDecoder().decode(ImageAnalysis.self, from: Data(line.utf8))
        #expect(decoded.blocks.first?.language == "deu")
        #expect(decoded.jsonLine() == line)
    }

    @Test("blocks split or joined keep the language most of their text was read in")
    func layout() {
        func block(_ text: String, x: Int, language: String) -> TextBlock {
            var block = TextBlock(lines: [TextLine(words: [TextWord(text: text, bounds: Bounds(x: x, y: 0, width: 80, height: 12),
                                                                       confidence: 90)])])
            block.language = language
            return block
        }
        #expect(RowAlignment.mainLanguage(of: [block("Name", x: 0, language: "eng"),
                                                block("Straßenbahnhaltestelle", x: 200, language: "deu")]) == "deu")
        #expect(RowAlignment.mainLanguage(of: [block("ab", x: 0, language: "eng"), block("cd", x: 200, language: "deu")]) == "eng")
    }
}
