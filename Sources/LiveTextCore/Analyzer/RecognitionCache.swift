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
        let regions: ContentRegions

        init(_ image: PixelImage, _ configuration: ImageAnalyzer.Configuration) {
            digest = image.contentDigest()
            text = configuration.types.contains(.text)
            codes = configuration.types.contains(.codes)
            languages = configuration.languages
            layout = configuration.layout
            preprocessing = configuration.preprocessing
            regions = configuration.regions
        }
    }

    struct Entry: Sendable {
        let blocks: [TextBlock]
        let codes: [MachineReadableCode]
        /// The windows the page was read apart by (given, or found from its backgrounds).
        let regions: ContentRegions
    }

    private struct Entries {
        var limit: Int
        var byKey: [Key: Entry] = [:]
        /// Least recently used first.
        var order: [Key] = []

        mutating func trim() {
            while order.count > limit { byKey[order.removeFirst()] = nil }
        }
    }
    private let entries: Mutex<Entries>

    init(capacity: Int) {
        entries = Mutex(Entries(limit: max(0, capacity)))
    }

    var capacity: Int { entries.withLock { $0.limit } }

    /// Keeps at most `capacity` entries from now on, dropping the least recently used.
    func resize(to capacity: Int) {
        entries.withLock { entries in
            entries.limit = max(0, capacity)
            entries.trim()
        }
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
        entries.withLock { entries in
            guard entries.limit > 0 else { return }
            if entries.byKey.updateValue(entry, forKey: key) != nil { entries.order.removeAll { $0 == key } }
            entries.order.append(key)
            entries.trim()
        }
    }

    var count: Int { entries.withLock { $0.byKey.count } }
}
