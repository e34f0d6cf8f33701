import LiveTextCore

extension AccessibleLine {
    /// Above this many lines an application's lines are kept as they are: comparing them costs
    /// more than a repeat.
    static let repeatsCompared = 4_000

    /// `lines` without those another of them already holds: inside its box (2 pixels of slack)
    /// with its words among the other's. Chromium publishes a paragraph's text again in each of
    /// its leaves, and a browser's link is read into its paragraph's line and again on its own.
    /// Of two lines that hold each other, the first stays.
    static func withoutRepeats(_ lines: [AccessibleLine]) -> [AccessibleLine] {
        guard lines.count > 1, lines.count <= repeatsCompared else { return lines }
        let words = lines.map { $0.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let byTop = lines.indices.sorted { lines[$0].bounds.y < lines[$1].bounds.y }
        var dropped = Set<Int>()
        for index in byTop {
            let line = lines[index].bounds
            // Lines that start below this one's top cannot hold it.
            for other in byTop.prefix(while: { lines[$0].bounds.y <= line.y + 2 }) where other != index {
                guard !dropped.contains(other) else { continue }
                let box = lines[other].bounds
                guard box.x <= line.x + 2, box.y <= line.y + 2, box.maxX >= line.maxX - 2, box.maxY >= line.maxY - 2,
                      words[other].contains(words[index])
                else { continue }
                // Two that hold each other: the first stays.
                let mutual = words[index].contains(words[other]) && line.x <= box.x + 2 && line.y <= box.y + 2
                    && line.maxX >= box.maxX - 2 && line.maxY >= box.maxY - 2
                if mutual && other > index { continue }
                dropped.insert(index)
                break
            }
        }
        return lines.indices.filter { !dropped.contains($0) }.map { lines[$0] }
    }
}
