import Foundation
import Synchronization

/// What recognition found in recently analysed images, by the content of their pixels: the same
/// pixels with the same recognition settings are never read twice (a hotkey pressed twice over
/// the same region, a client asking again). Only the text and codes are kept; detectors run
/// again on every analysis, so dates relative to "today" stay right and `only` filters apply.
/// Holds at most `capacity` entries, the least recently used going first.
final class RecognitionCache: Sendable {
    struct Key: Hashable {
        let digest: PixelDigest
        let text: Bool
        let codes: Bool
        let languages: LanguageSet
        let layout: PageLayout
        let preprocessing: ScreenTextPreprocessor.Options

        init(_ image: PixelImage, _ configuration: ImageAnalyzer.Configuration) {
            digest = image.contentDigest()
            text = configuration.types.contains(.text)
            codes = configuration.types.contains(.codes)
            languages = configuration.languages
            layout = configuration.layout
            preprocessing = configuration.preprocessing
        }
    }

    struct Entry: Sendable {
        let blocks: [TextBlock]
        let codes: [MachineReadableCode]
    }

    let capacity: Int
    private struct Entries {
        var byKey: [Key: Entry] = [:]
        /// Least recently used first.
        var order: [Key] = []
    }
    private let entries = Mutex(Entries())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    func entry(for key: Key) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries.byKey[key] else { return nil }
            entries.order.removeAll { $0 == key }
            entries.order.append(key)
            return entry
        }
    }

    func store(_ entry: Entry, for key: Key) {
        guard capacity > 0 else { return }
        entries.withLock { entries in
            if entries.byKey.updateValue(entry, forKey: key) != nil { entries.order.removeAll { $0 == key } }
            entries.order.append(key)
            while entries.order.count > capacity { entries.byKey[entries.order.removeFirst()] = nil }
        }
    }

    var count: Int { entries.withLock { $0.byKey.count } }
}
