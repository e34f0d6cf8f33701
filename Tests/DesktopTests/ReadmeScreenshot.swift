import Foundation
import ImageCodecs
import LiveTextCore

/// The README's pictures of the frozen screen on GNOME and KDE Plasma, taken by the tests that
/// show it when `LIVETEXT_SCREENSHOTS` names a folder (`docs/` to regenerate them); nothing otherwise.
enum ReadmeScreenshot {
    static func save(_ image: PixelImage, as name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["LIVETEXT_SCREENSHOTS"], !folder.isEmpty else { return }
        try PNGEncoder.encode(image).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }

    static func save(file: URL, as name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["LIVETEXT_SCREENSHOTS"], !folder.isEmpty else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: file, to: target)
    }
}
