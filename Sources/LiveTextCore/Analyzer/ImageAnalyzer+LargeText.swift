extension ImageAnalyzer {
    /// The areas of large text prepared apart (`PreparedImage.largeText`), each read whole by
    /// one engine after the page: they are small (brought down to the engine's size), and pages
    /// without large text have none, so they cost nothing there. With the engine time each took
    /// laying out and reading lines, in nanoseconds.
    func readLargeText(of prepared: PreparedImage, languages: LanguageSet, layout: PageLayout,
                       flag: CancellationFlag) async throws -> [(page: RecognizedPage, prepared: PreparedImage, layout: UInt64, lines: UInt64)] {
        var read: [(page: RecognizedPage, prepared: PreparedImage, layout: UInt64, lines: UInt64)] = []
        for apart in prepared.largeText {
            try flag.check()
            let reading = PageReading(page: apart.recognitionPage, strips: [0..<apart.image.height])
            let engine = try await pool.checkOut(languages)
            try await run({ engine in try Self.work(on: reading, with: engine, layout: layout, flag: flag) }, on: engine)
            let time = reading.engineTime
            read.append((reading.result(), apart, time.layout, time.lines))
        }
        return read
    }
}
