import Foundation
import LiveTextCore
import LiveTextEngines

/// Files of `Fixtures/`, and the one analyzer the tests share (as the product shares one).
enum Fixture {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!
    }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// Decoded in this process: these tests are about what is read in an image, not decoding.
    static func image(_ name: String) throws -> PixelImage { try ImageInput().decodeInProcess(data(name)) }

    /// Without the recognition cache: tests that read an image again (cancelling, concurrency)
    /// must really read it.
    static let analyzer: ImageAnalyzer = try! ImageAnalyzer.system(concurrency: 2, cacheCapacity: 0)

    /// Levenshtein distance over characters, for error rates.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Character error rate of `text` against `truth`, whitespace runs folded to one space.
    static func characterErrorRate(_ text: String, _ truth: String) -> Double {
        let fold = { (s: String) in s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let t = fold(truth)
        return Double(editDistance(fold(text), t)) / Double(max(1, t.count))
    }
}
