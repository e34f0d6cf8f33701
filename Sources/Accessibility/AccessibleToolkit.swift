/// The toolkit behind an accessible application, and what it gets wrong: calls it never answers
/// or that crash it, coordinates it gives in the wrong space (measured on Debian 12: GTK 3.24,
/// GTK 4.8, Qt 5.15 / 6.4, Firefox ESR, Chromium).
public enum AccessibleToolkit: Sendable, Hashable {
    case gtk3, gtk4, qt, gecko, chromium
    case other(String)

    /// From the application's `ToolkitName` and `ToolkitVersion`.
    public init(name: String, version: String) {
        switch name.lowercased() {
        case "gtk", "gail": self = version.hasPrefix("4") ? .gtk4 : .gtk3
        case "qt": self = .qt
        case "gecko": self = .gecko
        case "chromium": self = .chromium
        default: self = .other(name)
        }
    }

    /// How a line of text is asked for.
    enum LineCall: Sendable { case stringAtOffset, textAtOffset }
    /// How a line's box is asked for.
    enum LineExtents: Sendable { case range, characters }

    /// The quirk table.
    struct Quirks: Sendable {
        /// `Collection.GetMatches` answers (else a breadth-first walk).
        var collection: Bool
        /// Objects say SHOWING (GTK 4.8 never does: VISIBLE instead).
        var showingState: Bool
        /// Coordinates asked in screen space come from the window's corner.
        var windowRelative: Bool
        var lineCall: LineCall
        var lineExtents: LineExtents
        /// Lines may all be given at the first one's height (QPlainTextEdit).
        var linesShareFirstY: Bool
        /// `GetText` answers nothing when asked past the text's end (Qt): its length is asked first.
        var countsCharactersFirst = false
        /// Labels have no Text, their text is their name (Qt): a label's name is read as its one
        /// line, in its widget's box; the breadth-first walk finds tables too, and never asks a
        /// table for its children (`AccessibilityWalk+Qt.swift`).
        var labelsAreNames = false
    }

    var quirks: Quirks {
        switch self {
        case .gtk3, .chromium:
            Quirks(collection: true, showingState: true, windowRelative: false, lineCall: .stringAtOffset,
                   lineExtents: .range, linesShareFirstY: false)
        case .gecko:
            // Firefox answers `GetText` asked past the text's end with nothing at all.
            Quirks(collection: true, showingState: true, windowRelative: false, lineCall: .stringAtOffset,
                   lineExtents: .range, linesShareFirstY: false, countsCharactersFirst: true)
        case .gtk4:
            Quirks(collection: false, showingState: false, windowRelative: true, lineCall: .stringAtOffset,
                   lineExtents: .characters, linesShareFirstY: false)
        case .qt:
            // Properties.GetAll crashes it and GetBoundedRanges never replies: neither is ever sent.
            Quirks(collection: false, showingState: true, windowRelative: false, lineCall: .textAtOffset,
                   lineExtents: .range, linesShareFirstY: true, countsCharactersFirst: true, labelsAreNames: true)
        case .other:
            Quirks(collection: false, showingState: true, windowRelative: false, lineCall: .stringAtOffset,
                   lineExtents: .range, linesShareFirstY: false)
        }
    }

    /// A short name for reports and JSON.
    public var name: String {
        switch self {
        case .gtk3: "gtk3"
        case .gtk4: "gtk4"
        case .qt: "qt"
        case .gecko: "gecko"
        case .chromium: "chromium"
        case .other(let name): name.isEmpty ? "unknown" : name
        }
    }
}
