import LiveTextCore
import Testing
@testable import WaylandKit

/// The held key's repeats as plain values: when they are due and how long the loop may wait.
@Suite("key repeat")
struct KeyRepeatTests {
    static let start = ContinuousClock.now
    static func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test("the first repeat after the delay, then one each 1/rate s; let go, another key, or a rate of 0 stop them; a key that does not repeat never does")
    func repeats() {
        var keys = KeyRepeat()
        (keys.rate, keys.delay) = (25, 600)
        let right = LiveKeyEvent(keysym: 0xff53, modifiers: .shift)
        keys.pressed(right, code: 106, repeats: true, now: Self.at(0))
        #expect(keys.due(now: Self.at(599)) == nil)
        #expect(keys.wait(now: Self.at(100)) == 500)
        #expect(keys.due(now: Self.at(600)) == right)
        #expect(keys.due(now: Self.at(610)) == nil)
        #expect(keys.wait(now: Self.at(610)) == 30)
        #expect(keys.due(now: Self.at(640)) == right)
        // Another key's release changes nothing; this one's stops it.
        keys.released(code: 30)
        #expect(keys.due(now: Self.at(680)) == right)
        keys.released(code: 106)
        #expect(keys.due(now: Self.at(2000)) == nil && keys.wait(now: Self.at(2000)) == nil)
        keys.pressed(right, code: 106, repeats: false, now: Self.at(3000))
        #expect(keys.due(now: Self.at(5000)) == nil)
        keys.rate = 0
        keys.pressed(right, code: 106, repeats: true, now: Self.at(6000))
        #expect(keys.due(now: Self.at(9000)) == nil)
    }
}
