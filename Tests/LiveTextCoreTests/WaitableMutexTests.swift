import Foundation
import LiveTextCore
import Synchronization
import Testing

@Suite("a value threads block on until it is what they wait for")
struct WaitableMutexTests {
    @Test("a thread waiting for a value goes on once other threads have changed it, seeing every change")
    func wakesOnChange() async throws {
        let counter = WaitableMutex(0)
        let waiter = Task { try await BlockingWork.run(.waiting) { counter.wait(until: { $0 >= 3 }) { $0 } } }
        for _ in 0..<3 {
            try await Task.sleep(for: .milliseconds(20))
            try await BlockingWork.run { counter.withLock { $0 += 1 } }
        }
        #expect(try await waiter.value == 3)
    }

    @Test("a deadline that passes first ends the wait, saying the value was not ready",
          arguments: [false, true])
    func deadline(ready: Bool) {
        let flag = WaitableMutex(ready)
        let started = Date()
        let (wasReady, value) = flag.wait(until: { $0 }, deadline: Date().addingTimeInterval(0.2)) { value, ready in
            (ready, value)
        }
        #expect(wasReady == ready)
        #expect(value == ready)
        let waited = Date().timeIntervalSince(started)
        #expect(ready ? waited < 0.2 : waited >= 0.19)
    }

    @Test("many threads changing it at once lose no change")
    func noLostChange() async throws {
        let counter = WaitableMutex(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { try await BlockingWork.run { for _ in 0..<1000 { counter.withLock { $0 += 1 } } } }
            }
            try await group.waitForAll()
        }
        #expect(counter.withLock { $0 } == 8000)
    }
}
