import LiveTextCore

/// One line of text an application publishes on the accessibility bus, where it says it drew it.
public struct AccessibleLine: Sendable, Hashable {
    /// The line's characters, without its line break or embedded-object marks.
    public var text: String
    /// Where the line lies, already clipped to its widget; in screen coordinates unless its
    /// application's `windowRelative` says the toolkit gives them from its window's corner.
    public var bounds: Bounds
    /// The widget that holds the line (its `Component` extents), in the same coordinates.
    public var widget: Bounds
    /// False where the toolkit is known to misplace lines (Qt's plain text edits put every line at
    /// the first one's height): the text is right, its place is to be found on the pixels.
    public var geometryTrusted: Bool
    /// The box is the widget's, the line's only (GTK 4.8's labels answer no box for their text):
    /// the line is somewhere in it, to be found by its ink.
    public var boxIsWidget: Bool

    public init(text: String, bounds: Bounds, widget: Bounds, geometryTrusted: Bool = true, boxIsWidget: Bool = false) {
        self.text = text
        self.bounds = bounds
        self.widget = widget
        self.geometryTrusted = geometryTrusted
        self.boxIsWidget = boxIsWidget
    }
}

/// One application's visible text.
public struct AccessibleApplication: Sendable, Hashable {
    /// The application's accessible name (often its program name).
    public var name: String
    public var toolkit: AccessibleToolkit
    /// The process that owns the application's accessibility connection, as the bus knows it: what
    /// maps it to its windows (`_NET_WM_PID`).
    public var pid: Int32?
    /// The toolkit gives coordinates from its window's top-left corner (GTK 4): the window's origin
    /// is to be added.
    public var windowRelative: Bool
    public var lines: [AccessibleLine]
    /// The tables it shows (`AccessibleTable`); their cells are not among `lines`.
    public var tables: [AccessibleTable]

    public init(name: String, toolkit: AccessibleToolkit, pid: Int32?, windowRelative: Bool, lines: [AccessibleLine],
                tables: [AccessibleTable] = []) {
        self.name = name
        self.toolkit = toolkit
        self.pid = pid
        self.windowRelative = windowRelative
        self.lines = lines
        self.tables = tables
    }
}

/// What one walk of the accessibility bus found.
public struct AccessibleScreen: Sendable {
    /// The applications that answered within the deadline, each with the lines it showed.
    public var applications: [AccessibleApplication]
    /// Every application answered in time (false: the deadline cut the walk; what is missing is
    /// for OCR to read).
    public var finished: Bool
    /// How long the walk took.
    public var elapsed: Duration

    public init(applications: [AccessibleApplication], finished: Bool, elapsed: Duration) {
        self.applications = applications
        self.finished = finished
        self.elapsed = elapsed
    }

    public static let empty = AccessibleScreen(applications: [], finished: true, elapsed: .zero)

    /// Every line of every application.
    public var lineCount: Int { applications.reduce(0) { $0 + $1.lines.count } }
}
