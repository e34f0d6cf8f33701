/// A table found in the text: rows of cells, every row as long as the others (an empty cell is
/// `""` with the bounds of its place), the header, when there is one, as row 0.
public struct TextTable: Sendable, Hashable, Codable {
    public struct Cell: Sendable, Hashable, Codable {
        public var text: String
        public var bounds: Bounds

        public init(text: String, bounds: Bounds) {
            self.text = text
            self.bounds = bounds
        }
    }

    public var bounds: Bounds
    /// Row 0 names the columns.
    public var header: Bool
    public var rows: [[Cell]]
    /// Where the table came from: found in the text read (`ocr`), or published by the
    /// application that drew it (`accessibility`, its cells exact: `PublishedTables`).
    public var source: TextSource

    public init(bounds: Bounds, header: Bool, rows: [[Cell]], source: TextSource = .ocr) {
        self.bounds = bounds
        self.header = header
        self.rows = rows
        self.source = source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        bounds = try container.decode(Bounds.self, forKey: .bounds)
        header = try container.decodeIfPresent(Bool.self, forKey: .header) ?? false
        rows = try container.decode([[Cell]].self, forKey: .rows)
        source = try container.decodeIfPresent(TextSource.self, forKey: .source) ?? .ocr
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bounds, forKey: .bounds)
        if header { try container.encode(true, forKey: .header) }
        try container.encode(rows, forKey: .rows)
        if source != .ocr { try container.encode(source, forKey: .source) }
    }

    private enum CodingKeys: String, CodingKey {
        case bounds, header, rows, source
    }
}
