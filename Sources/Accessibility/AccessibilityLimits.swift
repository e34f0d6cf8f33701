/// How much one walk of the accessibility bus may cost: an application answers what it is asked
/// in its own main loop, so every call has a short deadline and the walk as a whole one more.
public struct AccessibilityLimits: Sendable, Hashable {
    /// The whole walk: after it, what has not answered is left to OCR.
    public var deadline: Duration
    /// One call's deadline (an application that never answers costs this once per object).
    public var callTimeout: Duration
    /// Text objects read across all applications.
    public var maxObjects: Int
    /// Objects visited by one application's breadth-first walk (toolkits without `Collection`).
    public var maxVisited: Int
    /// Characters read from one object (`GetText` is asked for no more).
    public var maxCharacters: Int
    /// Lines read from one object.
    public var maxLines: Int
    /// Rows and columns read from an application's table (`Table`: a tree view's cells and
    /// column headers), from its first row shown; and its cells in all.
    public var maxTableRows: Int
    public var maxTableColumns: Int
    public var maxTableCells: Int
    /// Characters read from one cell.
    public var maxTableCellCharacters: Int
    /// A box larger than this on either side (in pixels) is absurd and dropped.
    public var maxExtent: Int
    /// Embedded objects (a paragraph's links) whose text is asked for, in one object.
    public var maxEmbedded: Int

    public init(deadline: Duration = .milliseconds(150), callTimeout: Duration = .milliseconds(100),
                maxObjects: Int = 400, maxVisited: Int = 2000, maxCharacters: Int = 20_000, maxLines: Int = 300,
                maxExtent: Int = 32_768, maxEmbedded: Int = 64, maxTableRows: Int = 100, maxTableColumns: Int = 32,
                maxTableCells: Int = 600, maxTableCellCharacters: Int = 1_000) {
        self.deadline = deadline
        self.callTimeout = callTimeout
        self.maxObjects = maxObjects
        self.maxVisited = maxVisited
        self.maxCharacters = maxCharacters
        self.maxLines = maxLines
        self.maxExtent = maxExtent
        self.maxTableRows = maxTableRows
        self.maxTableColumns = maxTableColumns
        self.maxTableCells = maxTableCells
        self.maxTableCellCharacters = maxTableCellCharacters
        self.maxEmbedded = maxEmbedded
    }

    public static let standard = AccessibilityLimits()
}
