/// What one copy puts on the clipboard: the plain text every program can paste, and, where the
/// copy has a richer form (a table), its HTML, offered beside it as `text/html`. A program that
/// pastes plain text still gets the plain text.
public struct ClipboardContent: Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    /// The text served as UTF8_STRING, STRING, TEXT and `text/plain` (with or without a charset).
    public var plain: String
    /// The HTML served as `text/html` (UTF-8); nil when the copy has only plain text.
    public var html: String?

    public init(plain: String, html: String? = nil) {
        self.plain = plain
        self.html = html
    }

    public init(stringLiteral plain: String) {
        self.init(plain: plain)
    }

    /// Tables as a spreadsheet or editor pastes them: tab-separated text (tables apart by a blank
    /// line), and their `<table>`s (`TableFormat`).
    public init(tables: [TextTable]) {
        self.init(plain: TableFormat.tsv.render(tables), html: TableFormat.html.render(tables))
    }
}
