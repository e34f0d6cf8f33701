/// The one error type that crosses livetext's boundaries.
///
/// It says what happened, in words that belong to no interface: `code` says what a caller can do
/// about it, `remedy` names the knob that cures it when there is one. Each boundary maps them once:
/// the CLI to exit codes and its flags (`livetext/ErrorReport.swift`), the service to
/// `org.livetext.Error.*` names and its settings keys (`LiveTextService/ServiceErrors.swift`).
public struct LiveTextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is: what a caller can do about it.
    public enum Code: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Bad usage: an argument or option the caller must fix.
        case invalidArgs
        /// The input is not a readable image (corrupt, truncated, unsupported, empty).
        case invalidImage
        /// The input is over a configured limit.
        case tooLarge
        /// A file, object or item does not exist.
        case notFound
        /// The work was cancelled by the user or a newer request.
        case cancelled
        /// Something the environment must provide is missing: a display, a bus, language data.
        case unavailable
        /// Permission denied.
        case accessDenied
        /// Anything else.
        case failed

        public var description: String {
            switch self {
            case .invalidArgs: "invalid arguments"
            case .invalidImage: "invalid image"
            case .tooLarge: "too large"
            case .notFound: "not found"
            case .cancelled: "cancelled"
            case .unavailable: "unavailable"
            case .accessDenied: "access denied"
            case .failed: "failed"
            }
        }
    }

    /// A change that cures the error, which each boundary names in its own words (a flag, a
    /// settings key, a D-Bus option).
    public enum Remedy: Sendable, Hashable, CaseIterable {
        /// Raise the limit on an image's pixels.
        case raisePixelLimit
        /// Name one or more OCR languages.
        case nameLanguages
    }

    public let code: Code
    /// One line a user understands: what happened, in no interface's vocabulary.
    public let message: String
    /// The knob that cures it, if one does.
    public let remedy: Remedy?

    public init(_ code: Code, _ message: String, remedy: Remedy? = nil) {
        self.code = code
        self.message = message
        self.remedy = remedy
    }

    public var description: String { message }

    /// The same error about `subject` (a file, `stdin`, `fd`): "subject: message".
    public func about(_ subject: String) -> LiveTextError {
        LiveTextError(code, "\(subject): \(message)", remedy: remedy)
    }

    public static func tooLarge(width: Int, height: Int, limit: Int) -> LiveTextError {
        LiveTextError(.tooLarge, "image is \(width)×\(height) pixels, over the limit of \(limit) pixels",
                      remedy: .raisePixelLimit)
    }

    public static let cancelled = LiveTextError(.cancelled, "analysis cancelled")
}
