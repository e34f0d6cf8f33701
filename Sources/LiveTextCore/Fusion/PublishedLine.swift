/// Where a line of the result came from: read off the pixels, or published by the application
/// that drew it (the accessibility bus).
public enum TextSource: String, Sendable, Hashable, Codable {
    case ocr
    case accessibility
}

/// A line an application says it drew, placed on the image being analysed (its pixels'
/// coordinates, clipped to what is visible of its widget and window).
public struct PublishedLine: Sendable, Hashable {
    public var text: String
    public var bounds: Bounds
    /// False where the application is known to misplace lines: the line's place is then found
    /// among the OCR's lines.
    public var geometryTrusted: Bool
    /// The box is the widget's, which shows this one line somewhere in it (GTK 4's labels give no
    /// box for their text): the line is where the box's ink is, when it holds one line of ink.
    public var boxIsWidget: Bool
    /// Lines of one widget share a group: they make one block.
    public var group: Int
    /// The table cell the line is the text of (`PublishedTables`); nil for a line of no table.
    public var cell: PublishedCell?

    public init(text: String, bounds: Bounds, geometryTrusted: Bool = true, boxIsWidget: Bool = false, group: Int = 0,
                cell: PublishedCell? = nil) {
        self.text = text
        self.bounds = bounds
        self.geometryTrusted = geometryTrusted
        self.boxIsWidget = boxIsWidget
        self.group = group
        self.cell = cell
    }
}

/// Where a published line stands in a published table: the table (numbered across the
/// capture), its row and column (the header's row is -1), and the cell's place. An empty cell is
/// a line of no text whose `bounds` are its place.
public struct PublishedCell: Sendable, Hashable {
    public var table: Int
    /// The row among the table's rows shown, from 0; -1 for the column headers.
    public var row: Int
    public var column: Int
    /// The cell's place (its line's `bounds` are where its text is drawn).
    public var place: Bounds

    public init(table: Int, row: Int, column: Int, place: Bounds) {
        self.table = table
        self.row = row
        self.column = column
        self.place = place
    }
}
