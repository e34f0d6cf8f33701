import DBusKit
import Foundation
import LiveTextCore

/// The analyses the service holds, by id and by caller, with the per-caller limit and expiry.
actor AnalysisRegistry {
    private var records: [Int: AnalysisRecord] = [:]
    private var nextID = 1
    var maxPerCaller: Int
    var lifetime: Duration

    init(maxPerCaller: Int = 16, lifetime: Duration = .seconds(600)) {
        self.maxPerCaller = maxPerCaller
        self.lifetime = lifetime
    }

    /// A new record for `owner`; `LimitsExceeded` when the caller holds too many.
    func create(owner: String, isCapture: Bool = false, outlivesCaller: Bool = false) throws -> AnalysisRecord {
        let held = records.values.filter { $0.owner == owner }.count
        guard held < maxPerCaller else {
            throw DBusError.limitsExceeded(
                "\(owner) holds \(held) analyses (the limit is \(maxPerCaller)): Release() the ones you are done with")
        }
        let record = AnalysisRecord(id: nextID, owner: owner, isCapture: isCapture, outlivesCaller: outlivesCaller)
        nextID += 1
        records[record.id] = record
        return record
    }

    func record(_ id: Int) -> AnalysisRecord? { records[id] }

    func records(of owner: String) -> [AnalysisRecord] {
        records.values.filter { $0.owner == owner }.sorted { $0.id < $1.id }
    }

    /// Forgets a record (the caller unexports its object); returns it if it was there.
    @discardableResult
    func remove(_ id: Int) -> AnalysisRecord? {
        records.removeValue(forKey: id)
    }

    var count: Int { records.count }
}
