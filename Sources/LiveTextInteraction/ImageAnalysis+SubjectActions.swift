import LiveTextCore

extension ImageAnalysis {
    /// The quick actions of `subject` (what a right click on it lists), in the analysis' order;
    /// for a code, also those of the items read from its payload (the items that carry the code's
    /// bounds).
    public func actions(for subject: QuickAction.Subject) -> [QuickAction] {
        actions.filter { action in
            guard action.subject != subject else { return true }
            guard case .code(let code) = subject, case .item(let index) = action.subject,
                  items.indices.contains(index) else { return false }
            return isItem(index, fromCode: code)
        }
    }

    /// Whether item `index` was read from code `code`'s payload (it carries the code's bounds).
    func isItem(_ index: Int, fromCode code: Int) -> Bool {
        items[index].source == .code && codes.indices.contains(code) && items[index].bounds == codes[code].bounds
    }
}
