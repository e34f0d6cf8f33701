import LiveTextCore
import LiveTextDesktop

/// What `Analyze` reads, named by its `source` argument: an absolute path, `clipboard`, `screen`,
/// `select` (the user drags a rectangle), `window:ID` (hex as xwininfo prints it, or decimal),
/// `monitor:N` or `region:X,Y,W,H`. Anything else is `InvalidArgs`, saying what is accepted.
enum AnalysisSource: Sendable, Equatable {
    case file(String)
    case clipboard
    case capture(CaptureRequest)

    static let accepted = "an absolute path, clipboard, screen, select, window:ID, monitor:N or region:X,Y,W,H"

    init(parsing text: String) throws {
        if text.hasPrefix("/") {
            self = .file(text)
            return
        }
        let name = text.prefix { $0 != ":" }
        let argument = name.count < text.count ? String(text.dropFirst(name.count + 1)) : nil
        switch (name, argument) {
        case ("clipboard", nil): self = .clipboard
        case ("screen", nil): self = .capture(.screen)
        case ("select", nil): self = .capture(.select)
        case ("window", let id?): self = .capture(try CaptureRequest.window(parsing: id))
        case ("region", let rectangle?): self = .capture(try CaptureRequest.region(parsing: rectangle))
        case ("monitor", let number?):
            guard let index = Int(number), index >= 0 else {
                throw LiveTextError(.invalidArgs, "monitor '\(number)' is not a monitor number (0 is the first)")
            }
            self = .capture(.monitor(index))
        default:
            let hint = text.isEmpty || text.hasPrefix("~") || text.contains("/")
                ? " (a path must be absolute: the daemon does not know the caller's directory)" : ""
            throw LiveTextError(.invalidArgs, "source '\(text)' is none of: \(Self.accepted)\(hint)")
        }
    }
}
