import Foundation

/// What recognition found in recently analysed images, by the content of their pixels: the same
/// pixels with the same recognition settings are never read twice (a hotkey pressed twice over
/// the same region, a client asking again). Only the text and codes are kept; detectors run
/// again on every analysis, so dates relative to "today" stay right and `only` filters apply.
/// Holds at most `capacity` entries, the least recently used going first.
final class RecognitionCache: @unchecked Sendable {
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

    private let lock = NSLock()
    /// Guarded by `lock`; `order` is least recently used first.
    private var limit: Int
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []

    init(capacity: Int) {
        limit = max(0, capacity)
    }

    var capacity: Int { lock.withLock { limit } }

    /// Keeps at most `capacity` entries from now on, dropping the least recently used.
    func resize(to capacity: Int) {
        lock.withLock {
            limit = max(0, capacity)
            while order.count > limit { entries[order.removeFirst()] = nil }
        }
    }

    func entry(for key: Key) -> Entry? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            order.removeAll { $0 == key }
            order.append(key)
            return entry
        }
    }

    func store(_ entry: Entry, for key: Key) {
        lock.withLock {
            guard limit > 0 else { return }
            if entries.updateValue(entry, forKey: key) != nil { order.removeAll { $0 == key } }
            order.append(key)
            while order.count > limit { entries[order.removeFirst()] = nil }
        }
    }

    var count: Int { lock.withLock { entries.count } }
}
