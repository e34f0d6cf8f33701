import Foundation
import LiveTextCore
import Synchronization
import Testing

@Suite("blocking work on a bounded pool", .serialized)
struct BlockingWorkTests {
    /// Work that blocks until `open` is called, counting how many run at once.
    final class Gate: Sendable {
        private let condition = NSCondition()
        private let state = Mutex((running: 0, most: 0, isOpen: false))

        /// Blocks until the gate opens, or `limit` passes; says whether it opened.
        @discardableResult
        func pass(within limit: TimeInterval = 3600) -> Bool {
            state.withLock { $0.running += 1; $0.most = max($0.most, $0.running) }
            let deadline = Date().addingTimeInterval(limit)
            condition.lock()
            while !state.withLock({ $0.isOpen }), Date() < deadline {
                _ = condition.wait(until: Date().addingTimeInterval(0.05))
            }
            condition.unlock()
            return state.withLock { state in
                state.running -= 1
                return state.isOpen
            }
        }

        func open() {
            state.withLock { $0.isOpen = true }
            condition.broadcast()
        }

        var running: Int { state.withLock { $0.running } }
        var most: Int { state.withLock { $0.most } }
    }

    // Unbounded, Dispatch made a thread for each blocked piece of work, up to a few dozen,
    // and every other queue of the process waited behind them.
    @Test("a flood of blocking work runs at most the lane's width at once; the rest wait their turn",
          arguments: [BlockingWork.Lane.computing, .waiting])
    func bounded(lane: BlockingWork.Lane) async throws {
        let gate = Gate()
        let width = BlockingWork.width(of: lane)
        let count = width * 3
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask { try await BlockingWork.run(lane) { _ = gate.pass() } } }
            // Long enough for Dispatch to add threads for the blocked ones, were it asked to.
            for _ in 0..<40 where gate.running < count {
                try await Task.sleep(for: .milliseconds(50))
            }
            gate.open()
            try await group.waitForAll()
        }
        // Other tests of this process use the pool too: at most `width`, maybe fewer of ours.
        #expect(gate.most <= width)
        #expect(gate.most > 0)
    }

    // With one lane (or a naive bound over all blocking work), the waiting piece queued behind
    // the computing pieces that wait for it: they gave up after 20 s, a deadlock without the limit.
    @Test("waiting work runs while every computing thread is taken, even by pieces that wait for it")
    func lanesApart() async throws {
        let gate = Gate()
        let blockers = (0..<BlockingWork.width).map { _ in
            Task { try await BlockingWork.run { gate.pass(within: 20) } }
        }
        while gate.running < BlockingWork.width { try await Task.sleep(for: .milliseconds(10)) }
        let started = ContinuousClock.now
        try await BlockingWork.run(.waiting) { gate.open() }
        for blocker in blockers { #expect(try await blocker.value, "a computing piece gave up waiting") }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("work still waiting for a thread when its task is cancelled is dropped, never run")
    func cancelledWhileQueued() async throws {
        let gate = Gate()
        let blockers = (0..<BlockingWork.width).map { _ in Task { try await BlockingWork.run { _ = gate.pass() } } }
        while gate.running < BlockingWork.width { try await Task.sleep(for: .milliseconds(10)) }
        let ran = Mutex(false)
        let queued = Task { try await BlockingWork.run { ran.withLock { $0 = true } } }
        try await Task.sleep(for: .milliseconds(50))
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        gate.open()
        for blocker in blockers { try await blocker.value }
        #expect(ran.withLock { $0 } == false)
    }

    @Test("work runs on threads of the pool's own, not on Dispatch's, which Swift's cooperative pool shares",
          arguments: [(BlockingWork.Lane.computing, "livetext-work"), (.waiting, "livetext-wait")])
    func ownThreads(lane: BlockingWork.Lane, name: String) async throws {
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<BlockingWork.width(of: lane) {
                group.addTask {
                    try await BlockingWork.run(lane) {
                        (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                    }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(names == [name + "\n"])
    }
}
