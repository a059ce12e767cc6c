internal import LinkNavigation
internal import LinkRouting

/// The JSON shapes of navigation answers (SPEC §5), written straight into the writer.
extension JSONWriter {
    mutating func paramValue(_ value: ParamValue) {
        switch value {
        case .int(let v): int(Int(v))
        case .uint(let v): uint(v)
        case .float(let v): double(v)
        case .bool(let v): bool(v)
        case .string(let v): string(v)
        case .array(let values):
            beginArray()
            for element in values { paramValue(element) }
            endArray()
        case .null: null()
        }
    }

    /// Params in the screen's declaration order, then any others sorted by name.
    mutating func params(_ params: EntryParams, _ tokens: ScreenTokens?) {
        beginObject()
        if let tokens, params.count == tokens.paramNames.count, Self.inDeclaredOrder(params, tokens.paramNames) {
            // As the resolver stores them: every declared param, in order.
            for index in 0..<params.count {
                key(tokens.paramKeys[index])
                paramValue(params.value(at: index))
            }
            endObject()
            return
        }
        var written = 0
        if let tokens {
            for (declared, key) in zip(tokens.screen.params, tokens.paramKeys) {
                guard let value = params[declared.name] else { continue }
                self.key(key)
                paramValue(value)
                written += 1
            }
        }
        if written < params.count {
            let declared = Set((tokens?.screen.params ?? []).map(\.name))
            for name in params.map(\.key).sorted() where !declared.contains(name) {
                key(name)
                paramValue(params[name] ?? .null)
            }
        }
        endObject()
    }

    /// Whether `params` holds exactly the params called `names`, in that order.
    @inline(__always)
    private static func inDeclaredOrder(_ params: EntryParams, _ names: [String]) -> Bool {
        for index in 0..<names.count where !params.name(at: index, is: names[index]) { return false }
        return true
    }

    /// Matched route params in match order (path first, then query).
    mutating func routeParams(_ params: EntryParams) {
        beginObject()
        for index in 0..<params.count {
            key(params.name(at: index))
            paramValue(params.value(at: index))
        }
        endObject()
    }

    /// Entries already written in one answer and where their JSON lies: the destination appears in
    /// the stack, in its `push` and in the mediation, and is rendered once; its params are copied
    /// into the mediation's payload.
    ///
    /// The first ``roomCount`` entries go into stack memory the caller lends (``withMemo(_:)``):
    /// an answer writes a handful of distinct entries, so most answers allocate nothing for it.
    struct EntryMemo: ~Copyable {
        struct Written {
            let entry: StackEntry
            /// The entry's JSON.
            let range: Range<Int>
            /// Its params object's JSON.
            let params: Range<Int>
        }

        /// Entries the lent room holds.
        static let roomCount = 8

        /// `room[0..<count]` is initialised; the rest of what was written is in `overflow`.
        private let room: UnsafeMutableBufferPointer<Written>
        private var count = 0
        private var overflow: [Written] = []

        fileprivate init(room: UnsafeMutableBufferPointer<Written>) {
            self.room = room
        }

        deinit {
            // Entry by entry: `deinitialize(count:)` goes through the run time's generic array destroy.
            guard let base = room.baseAddress else { return }
            for index in 0..<count { _ = (base + index).move() }
        }

        fileprivate mutating func append(_ written: Written) {
            if count < room.count, let base = room.baseAddress {
                (base + count).initialize(to: written)
                count += 1
            } else {
                overflow.append(written)
            }
        }

        /// Where this very entry's JSON lies, if written.
        func range(of entry: StackEntry) -> Range<Int>? {
            // The first with the same id decides: ids are unique within an answer's stacks.
            find { written in
                guard written.entry.id == entry.id else { return nil }
                return .some(written.entry.rendersLike(entry) ? written.range : nil)
            } ?? nil
        }

        /// Where the params object of an entry of `screen` holding these very `params` (the same
        /// storage: the payload takes them from the entries it names) lies, if written.
        func paramsRange(screen: String, params: EntryParams) -> Range<Int>? {
            find { written in
                written.entry.params.sharesStorage(with: params) && written.entry.screen == screen
                    ? written.params : nil
            }
        }

        /// The first answer `look` gives for the written entries, in order, each read in place.
        private func find<T>(_ look: (borrowing Written) -> T?) -> T? {
            for index in 0..<count { if let found = look(room[index]) { return found } }
            return overflow.withUnsafeBufferPointer { overflow in
                for index in overflow.indices { if let found = look(overflow[index]) { return found } }
                return nil
            }
        }
    }

    /// Runs `body` with an empty memo whose first entries live on the stack.
    mutating func withMemo(_ body: (inout JSONWriter, inout EntryMemo) -> Void) {
        withUnsafeTemporaryAllocation(of: EntryMemo.Written.self, capacity: EntryMemo.roomCount) { room in
            var memo = EntryMemo(room: room)
            body(&self, &memo)
        }
    }

    /// Writes `entry`, or copies its JSON when the memo has this very entry already.
    mutating func entry(_ entry: StackEntry, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        if let seen = memo.range(of: entry) {
            repeatValue(seen)
            return
        }
        var params = 0..<0
        let range = recordValue { $0.entry(entry, rendering, params: &params) }
        memo.append(EntryMemo.Written(entry: entry, range: range, params: params))
    }

    mutating func entry(_ entry: StackEntry, _ rendering: NavigationRendering) {
        var params = 0..<0
        self.entry(entry, rendering, params: &params)
    }

    /// Writes `entry`; `params` is set to where its params object lies.
    mutating func entry(_ entry: StackEntry, _ rendering: NavigationRendering, params written: inout Range<Int>) {
        key(.openEntry)  // `{"id":`
        string(entry.id)
        let tokens = rendering.tokens(for: entry.screen)
        if let tokens {
            key(tokens.screenAndParams)
        } else {
            field(.screen, entry.screen)
            key(.params)
        }
        let start = position
        params(entry.params, tokens)
        written = start..<position
        constant(.closingEntry(entry.presentation))  // `,"presentation":"…"}`
    }

    mutating func stack(_ entries: [StackEntry], _ rendering: NavigationRendering) {
        withMemo { writer, memo in writer.stack(entries, rendering, memo: &memo) }
    }

    mutating func stack(_ entries: [StackEntry], _ rendering: NavigationRendering, memo: inout EntryMemo) {
        beginArray()
        for item in entries { entry(item, rendering, memo: &memo) }
        endArray()
    }

    mutating func transition(_ ops: [TransitionOp], _ rendering: NavigationRendering, memo: inout EntryMemo) {
        beginArray()
        for op in ops {
            // Each op's opening (`{"op":"push","entry":`) is one token.
            switch op {
            case .pop(let count):
                key(.popCount)
                int(count)
                endObject()
            case .dismiss:
                constant(.dismissOp)
            case .push(let item):
                key(.pushEntry)
                entry(item, rendering, memo: &memo)
                endObject()
            case .present(let item):
                key(.presentEntry)
                entry(item, rendering, memo: &memo)
                endObject()
            case .update(let item):
                key(.updateEntry)
                entry(item, rendering, memo: &memo)
                endObject()
            case .replace(let entries):
                key(.replaceStack)
                stack(entries, rendering, memo: &memo)
                endObject()
            }
        }
        endArray()
    }

    mutating func mediation(_ mediation: Mediation, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        beginObject()
        key(.source)
        optionalEntry(mediation.source, rendering, memo: &memo)
        key(.destination)
        optionalEntry(mediation.destination, rendering, memo: &memo)
        key(.presentation)
        if let presentation = mediation.presentation { constant(.presentation(presentation)) } else { null() }
        key(.payload)
        beginObject()
        // One member per screen: a screen handed params twice keeps its last payload.
        mediation.forEachPayloadMember { item in
            let tokens = rendering.tokens(for: item.screen)
            if let tokens { key(tokens.nameKey) } else { key(item.screen) }
            // The payload's entries were written in the stack or the transition: copy their params.
            if let seen = memo.paramsRange(screen: item.screen, params: item.params) {
                repeatValue(seen)
            } else {
                params(item.params, tokens)
            }
        }
        endObject()
        endObject()
    }

    mutating func optionalEntry(_ item: StackEntry?, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        if let item { entry(item, rendering, memo: &memo) } else { null() }
    }

    mutating func attributes(_ attributes: SessionAttributes) {
        beginObject()
        for (name, value) in attributes {  // in name order
            key(name)
            attributeValue(value)
        }
        endObject()
    }

    mutating func attributeValue(_ value: AttributeValue) {
        switch value {
        case .string(let text): string(text)
        case .bool(let flag): bool(flag)
        case .number(let number):
            if let integer = Int(exactly: number) { int(integer) } else { double(number) }
        }
    }

    mutating func parked(_ parked: ParkedNavigation?) {
        guard let parked else {
            null()
            return
        }
        beginObject()
        field(.flow, parked.flow)
        field(.url, parked.url)
        key(.strategy)
        if let strategy = parked.strategy { string(strategy.rawValue) } else { null() }
        field(.via, parked.via)
        endObject()
    }

    /// `{session, version, stack, attributes, parked}`.
    mutating func sessionView(_ session: Session, _ rendering: NavigationRendering) {
        beginObject()
        field(.session, session.id)
        field(.version, session.version)
        key(.stack)
        stack(session.stack, rendering)
        key(.attributes)
        attributes(session.attributes)
        key(.parked)
        parked(session.parked)
        endObject()
    }

    /// The navigation answer for an outcome, whose session was stored at `version`. A dry run
    /// (`resolve`) has no session: `session` and `version` are null. `extra` writes more members at
    /// the end (`explain`).
    mutating func navigationAnswer(
        _ outcome: NavigationOutcome,
        version: Int,
        _ rendering: NavigationRendering,
        dryRun: Bool = false,
        extra: ((inout JSONWriter) -> Void)? = nil
    ) {
        beginObject()
        field(.status, outcome.status.rawValue)
        if dryRun {
            nullField(.session)
            nullField(.version)
        } else {
            field(.session, outcome.session.id)
            field(.version, version)
        }
        field(.url, outcome.url)
        key(.route)
        if let match = outcome.match {
            let route = match.route
            if let head = rendering.head(of: route) {
                key(head)  // `{"name":…,"pattern":…,"params":`, rendered once per load
            } else {
                beginObject()
                field(.name, route.name)
                field(.pattern, route.pattern.text)
                key(.params)
            }
            routeParams(outcome.routeParams)
            endObject()
        } else {
            null()
        }
        field(.redirects, outcome.redirects)
        key(.interceptors)
        beginArray()
        for record in outcome.interceptors {
            beginObject()
            field(.name, record.name)
            field(.kind, record.kind)
            field(.outcome, record.outcome)
            endObject()
        }
        endArray()
        withMemo { writer, memo in
            writer.key(.stack)
            writer.stack(outcome.session.stack, rendering, memo: &memo)
            writer.key(.transition)
            writer.transition(outcome.resolution.transition, rendering, memo: &memo)
            writer.key(.mediation)
            writer.mediation(outcome.resolution.mediation, rendering, memo: &memo)
        }
        key(.parked)
        parked(outcome.session.parked)
        key(.warnings)
        beginArray()
        for warning in outcome.warnings {
            beginObject()
            field(.code, warning.code.rawValue)
            field(.param, warning.param)
            field(.message, warning.message)
            endObject()
        }
        endArray()
        extra?(&self)
        endObject()
    }
}

extension StackEntry {
    /// Whether `other` is written to the same bytes: the same presentation, the very same params
    /// storage, and ids and screens equal byte for byte. `==` is looser: canonically equivalent
    /// strings and `-0.0` and `0.0` compare equal, and would let one entry's text stand for
    /// another's. Every entry an answer writes twice is a copy of one value (the stack's, its
    /// push, the mediation's), so the cheap checks decide almost always.
    fileprivate func rendersLike(_ other: StackEntry) -> Bool {
        sharesPresentationAndParams(with: other) && id.hasSameUTF8(as: other.id)
            && screen.hasSameUTF8(as: other.screen)
    }
}
