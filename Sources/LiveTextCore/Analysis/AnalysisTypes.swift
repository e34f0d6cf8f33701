/// What an analysis looks for (VisionKit's `ImageAnalyzer.AnalysisTypes`).
public struct AnalysisTypes: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Text: blocks, lines and words with bounds.
    public static let text = AnalysisTypes(rawValue: 1 << 0)
    /// Machine-readable codes: QR and barcodes.
    public static let codes = AnalysisTypes(rawValue: 1 << 1)
    /// Data detectors over the text and the code payloads.
    public static let detectors = AnalysisTypes(rawValue: 1 << 2)

    public static let all: AnalysisTypes = [.text, .codes, .detectors]

    /// The names used on the command line and over D-Bus, in a stable order.
    public static let names: [(String, AnalysisTypes)] = [
        ("text", .text), ("codes", .codes), ("detectors", .detectors),
    ]

    /// Every name, comma-separated, for help texts and errors.
    public static var nameList: String { names.map(\.0).joined(separator: ", ") }

    /// Parses names such as `["text", "codes"]`; throws `invalidArgs` naming an unknown one.
    public init(names: [String]) throws {
        var types: AnalysisTypes = []
        for raw in names {
            let name = raw.trimmingWhitespace().lowercased()
            if name.isEmpty { continue }
            guard let match = Self.names.first(where: { $0.0 == name }) else {
                throw LiveTextError(.invalidArgs, "unknown analysis type '\(raw)' (known: \(Self.nameList))")
            }
            types.insert(match.1)
        }
        guard !types.isEmpty else {
            throw LiveTextError(.invalidArgs, "no analysis type given (known: \(Self.nameList))")
        }
        self = types
    }

    public var description: String {
        Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ",")
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space (Unicode's, new lines included).
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
