import LiveTextCore

/// The reading of the frozen screen, sent to the surface when it is done.
public enum LiveReading: Sendable {
    /// The rows around the pointer, read first (in the whole image's coordinates).
    case partial(ImageAnalysis)
    /// The reading, and the Live Text button and chips laid out for it.
    case done(ImageAnalysis, LivePanel)
    case failed(LiveTextError)

    /// `.done` with what `read` gives, or `.failed` saying why it threw.
    public static func of(_ read: () async throws -> (ImageAnalysis, LivePanel)) async -> LiveReading {
        do {
            let (analysis, panel) = try await read()
            return .done(analysis, panel)
        } catch {
            return .failed(error as? LiveTextError ?? LiveTextError(.failed, "\(error)"))
        }
    }
}
