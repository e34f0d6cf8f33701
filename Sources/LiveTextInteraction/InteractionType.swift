import Foundation

/// What a capture offers the user (VisionKit's `ImageAnalysisInteraction.InteractionTypes`);
/// the raw values are the names used in the file and over D-Bus.
public enum InteractionType: String, Sendable, Hashable, CaseIterable {
    /// Text and detector actions.
    case automatic
    /// Text only; detector actions as secondary ones when `allowDataDetectorsInTextMode`.
    case textSelection
    /// Detector actions only, no "copy all text".
    case dataDetectors
    /// Nothing offered: no notification (VisionKit's empty set).
    case none
}

extension InteractionType {
    /// Parses a list of names, each entry possibly a comma-separated list (case-insensitively;
    /// duplicates dropped, order kept). The list must not be empty, and `none` stands alone. The
    /// error is a sentence for the user.
    public static func parseList(_ entries: some Sequence<String>) throws(InteractionTypeError) -> [InteractionType] {
        var types: [InteractionType] = []
        let names = entries.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for name in names {
            guard let type = InteractionType(rawValue: name)
                    ?? allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                let known = allCases.map(\.rawValue).joined(separator: ", ")
                throw InteractionTypeError("unknown interaction type \"\(name)\" (known: \(known))")
            }
            if !types.contains(type) { types.append(type) }
        }
        guard !types.isEmpty else {
            throw InteractionTypeError("expected at least one interaction type (\"none\" for no interaction)")
        }
        if types.contains(.none), types.count > 1 {
            throw InteractionTypeError("\"none\" cannot be combined with other interaction types")
        }
        return types
    }
}

/// A list of interaction types that `InteractionType.parseList` refused.
public struct InteractionTypeError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
