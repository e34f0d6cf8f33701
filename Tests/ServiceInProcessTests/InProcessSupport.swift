import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors
import LiveTextEngines
import Synchronization

/// The fixtures the adapters' tests read: screenshots with known text.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AdapterTests/Fixtures")

    static func image(_ name: String) throws -> PixelImage {
        let input = ImageInput()
        return try input.decodeInProcess(input.read(path: directory.appendingPathComponent(name).path))
    }

    /// Plain white: nothing to read.
    static func blank() -> PixelImage {
        PixelImage(width: 120, height: 60, gray: 255)
    }

    /// One analyzer for the whole test process: engines are slow to load.
    static let analyzer: ImageAnalyzer = {
        try! ImageAnalyzer.system(interpreter: AnalysisInterpreter(context: DetectionContext(region: "US")))
    }()
}

/// A stand-in for the desktop's clipboard and keyboard: remembers what it was given.
final class RecordingOutlet: ResultOutlet {
    enum Call: Equatable {
        case copy(String, alsoPrimary: Bool)
        case type(String)
    }

    private let recorded = Mutex<[Call]>([])
    var calls: [Call] { recorded.withLock { $0 } }

    func copy(_ text: String, alsoPrimary: Bool) async throws {
        recorded.withLock { $0.append(.copy(text, alsoPrimary: alsoPrimary)) }
    }

    func type(_ text: String) async throws {
        recorded.withLock { $0.append(.type(text)) }
    }
}
