import Dispatch
import Foundation
@testable import LiveTextService
import Synchronization
import Testing

@Suite("Detect's queue: a few at a time, clients taking turns")
struct FairQueueTests {
    /// What ran, in order, and the most that ran at once.
    final class Record: Sendable {
        let order = Mutex<[String]>([])
        let running = Mutex<(now: Int, most: Int)>((0, 0))

        func piece(_ name: String, holding gate: DispatchSemaphore? = nil) -> @Sendable () -> Void {
            { [self] in
                running.withLock { $0 = ($0.now + 1, max($0.most, $0.now + 1)) }
                gate?.wait()
                order.withLock { $0.append(name) }
                running.withLock { $0.now -= 1 }
            }
        }
    }

    @Test("a client's burst does not go before another client's one piece")
    func turns() async throws {
        let queue = FairQueue(width: 1)
        let record = Record()
        let gate = DispatchSemaphore(value: 0)
        // A's first piece holds the only place until the others wait.
        let first = Task { try await queue.run(client: "A", record.piece("A1", holding: gate)) }
        while record.running.withLock({ $0.now }) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        var tasks: [Task<Void, any Error>] = []
        for (index, name) in ["A2", "A3", "A4", "A5"].enumerated() {
            tasks.append(Task { try await queue.run(client: "A", record.piece(name)) })
            while await queue.waitingCount < index + 1 { try await Task.sleep(for: .milliseconds(5)) }
        }
        tasks.append(Task { try await queue.run(client: "B", record.piece("B1")) })
        while await queue.waitingCount < 5 { try await Task.sleep(for: .milliseconds(5)) }
        gate.signal()
        try await first.value
        for task in tasks { try await task.value }
        // In arrival order B1 would be last; taking turns, it follows A's next piece.
        #expect(record.order.withLock { $0 } == ["A1", "A2", "B1", "A3", "A4", "A5"])
    }

    @Test("never more pieces at once than its width")
    func width() async throws {
        let queue = FairQueue(width: 2)
        let record = Record()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                group.addTask { try await queue.run(client: "client \(index % 3)", record.piece("\(index)")) }
            }
            try await group.waitForAll()
        }
        #expect(record.order.withLock { $0.count } == 12)
        #expect(record.running.withLock { $0.most } <= 2)
    }
}
