/// Why a font could not be found, loaded or sized.
public struct FontError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence for the user, naming the font or file involved.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
