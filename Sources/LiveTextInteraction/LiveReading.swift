import LiveTextCore

/// The reading of the frozen screen, sent to the surface as it goes.
public enum LiveReading: Sendable {
    /// The lines read so far (in the whole image's coordinates), the pointer's first.
    case partial(PartialAnalysis)
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
