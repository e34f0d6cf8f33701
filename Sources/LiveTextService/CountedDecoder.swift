import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextEngines

/// Decodes the image of the request whose work runs in this task: what the decode will hold
/// (the header says, before any pixel is allocated: `ImageProbe.decodedBytes`) counts against
/// `limits.max_bytes_in_flight` for the rest of the request, so twelve 10000² PNGs of 120 KB
/// each are not twelve 800 MB decodes at once; past the limit, `LimitsExceeded`.
struct CountedDecoder: Sendable {
    let input: ImageInput
    let requestLimits: RequestLimits
    let settings: SettingsStore

    func decode(_ data: Data) async throws -> PixelImage {
        let probe = try input.probe(data)
        try await requestLimits.holdDecoded(probe.decodedBytes, limits: settings.settings.limits)
        return try await input.decode(data)
    }
}
