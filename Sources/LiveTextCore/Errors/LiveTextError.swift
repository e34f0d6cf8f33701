/// The one error type that crosses livetext's boundaries.
///
/// `code` says what a caller can do about it; it maps once to an exit code (CLI) and once to a
/// D-Bus error name (service). New codes may be added: switch over them with a `default`.
public struct LiveTextError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Kind: String, Sendable, Hashable {
            case invalidArgs = "InvalidArgs"
            case invalidImage = "InvalidImage"
            case tooLarge = "TooLarge"
            case notFound = "NotFound"
            case cancelled = "Cancelled"
            case unavailable = "Unavailable"
            case accessDenied = "AccessDenied"
            case failed = "Failed"
        }
        fileprivate let kind: Kind

        fileprivate init(kind: Kind) {
            self.kind = kind
        }

        /// Bad usage: an argument or option the caller must fix.
        public static let invalidArgs = Code(kind: .invalidArgs)
        /// The input is not a readable image (corrupt, truncated, unsupported, empty).
        public static let invalidImage = Code(kind: .invalidImage)
        /// The input is over a configured limit.
        public static let tooLarge = Code(kind: .tooLarge)
        /// A file, object or item does not exist.
        public static let notFound = Code(kind: .notFound)
        /// The work was cancelled by the user or a newer request.
        public static let cancelled = Code(kind: .cancelled)
        /// Something the environment must provide is missing: a display, a bus, language data.
        public static let unavailable = Code(kind: .unavailable)
        /// Permission denied.
        public static let accessDenied = Code(kind: .accessDenied)
        /// Anything else.
        public static let failed = Code(kind: .failed)

        /// The last part of the D-Bus error name, e.g. `InvalidImage`.
        public var name: String { kind.rawValue }
        public var description: String { kind.rawValue }
        /// The D-Bus error name, e.g. `org.livetext.Error.InvalidImage`.
        public var dbusName: String { "org.livetext.Error." + kind.rawValue }

        /// The code a D-Bus error name stands for (`org.livetext.Error.NotFound` → `.notFound`).
        public init?(dbusName: String) {
            let prefix = "org.livetext.Error."
            guard dbusName.hasPrefix(prefix), let kind = Kind(rawValue: String(dbusName.dropFirst(prefix.count))) else {
                return nil
            }
            self.init(kind: kind)
        }

        /// The process exit code of PRODUCT.md: 2 usage, 3 input, 4 environment, 5 cancelled.
        public var exitCode: Int32 {
            switch kind {
            case .invalidArgs: 2
            case .invalidImage, .tooLarge, .notFound, .accessDenied: 3
            case .unavailable: 4
            case .cancelled: 5
            case .failed: 1
            }
        }
    }

    public let code: Code
    /// One line a user understands, saying what to do where possible.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public static func tooLarge(width: Int, height: Int, limit: Int) -> LiveTextError {
        LiveTextError(.tooLarge,
                      "image is \(width)×\(height) pixels, over the limit of \(limit) pixels (set --max-pixels to raise it)")
    }

    public static let cancelled = LiveTextError(.cancelled, "analysis cancelled")
}
