internal import LinkNavigation
internal import LinkRouting

/// The JSON shapes of navigation answers (SPEC §5), written straight into the writer.
extension JSONWriter {
    @inline(__always)  // into each writer of params, which then reads the value where it lies
    mutating func paramValue(_ value: ParamValue) {
        switch value {
        case .int(let v): int(Int(v))
        case .uint(let v): uint(v)
        case .float(let v): double(v)
        case .bool(let v): bool(v)
        case .string(let v): string(v)
        case .array(let values): paramArray(values)
        case .null: null()
        }
    }

    /// ``paramValue(_:)`` for the value at `index` of `params`: a small ASCII string with nothing
    /// to escape (most values) written from its words (``EntryParams/smallStringWords(at:)``), so
    /// that no string is held, and retained, across the write; any other value by a call.
    @inline(__always)
    mutating func paramValue(at index: Int, of params: EntryParams) {
        if let words = params.smallStringWords(at: index), _fastPath(smallASCII(words)) { return }
        paramValue(other: index, of: params)
    }

    /// ``paramValue(at:of:)`` for a value that is not a small ASCII string with nothing to escape:
    /// out of line, so that the writers of params that inline the common case stay short.
    @inline(never)
    private mutating func paramValue(other index: Int, of params: EntryParams) {
        guard var words = params.smallStringWords(at: index) else {
            paramValue(params.value(at: index))
            return
        }
        let count = SmallStringLayout.count(words)
        // The bytes are those of this local copy of the words, alive for the call, and seen as
        // bytes only for it.
        withUnsafeBytes(of: &words) { raw in
            raw.withMemoryRebound(to: UInt8.self) { string(utf8: UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }

    private mutating func paramArray(_ values: [ParamValue]) {
        beginArray()
        for element in values { paramValue(element) }
        endArray()
    }

    /// Params in the screen's declaration order, then any others sorted by name: as
    /// ``params(_:_:)`` writes them, from the screen's row.
    mutating func params(_ params: EntryParams, declaredBy row: ScreenRow) {
        // The names' words first, read in the row (as the declared names themselves, or equal
        // small strings, most are); the declared names compared only when those differ.
        guard params.count == row.paramCount,
            params.hasNameWords(row.paramNameWords) || Self.inDeclaredOrder(params, row)
        else {
            self.params(params, row.tokens?.takeUnretainedValue())
            return
        }
        // As the resolver stores them: every declared param, in order.
        beginObject()
        let keys = row.paramKeys
        for index in 0..<params.count {
            key(keys.key(at: index))
            paramValue(at: index, of: params)
        }
        endObject()
    }

    /// Params in the screen's declaration order, then any others sorted by name.
    mutating func params(_ params: EntryParams, _ tokens: ScreenTokens?) {
        beginObject()
        var written = 0
        if let tokens {
            for (index, declared) in tokens.screen.params.enumerated() {
                guard let value = params[declared.name] else { continue }
                self.key(tokens.row.paramKey(at: index))
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

    /// Whether `params` (as many as `row`'s screen declares) are called as the screen's declared
    /// params, in that order. Out of line: most names are found by their words first.
    @inline(never)
    private static func inDeclaredOrder(_ params: EntryParams, _ row: ScreenRow) -> Bool {
        guard let names = row.tokens?.takeUnretainedValue().paramNames, names.count == params.count else {
            return false
        }
        for index in 0..<names.count where !params.name(at: index, is: names[index]) { return false }
        return true
    }

    /// Whether params that are the route's are written by ``params(_:_:)`` as ``routeParams(_:)``
    /// wrote them: in the screen's declared order under the declared names byte for byte, each
    /// stored param in order under its name. (A name only canonically equal to its declaration
    /// would be written as declared.)
    @inline(__always)
    private static func writeInStoredOrder(_ params: EntryParams, _ row: ScreenRow) -> Bool {
        // By the names' words first, in place (as the declared names themselves, or equal small
        // strings, most are): no call, and the params are not retained for one.
        params.hasNameWords(row.paramNameWords) || hasDeclaredNames(params, row)
    }

    /// Whether `params` are called as `row`'s screen's declared params, in that order, byte for
    /// byte. Out of line: most names are found by their words first.
    @inline(never)
    private static func hasDeclaredNames(_ params: EntryParams, _ row: ScreenRow) -> Bool {
        guard let tokens = row.tokens else { return false }
        return params.hasNames(exactly: tokens.takeUnretainedValue().paramNames)
    }

    /// Matched route params in match order (path first, then query).
    mutating func routeParams(_ params: EntryParams) {
        beginObject()
        for index in 0..<params.count {
            key(params.name(at: index))
            paramValue(at: index, of: params)
        }
        endObject()
    }

    /// ``routeParams(_:)`` for params matched by the route of `tokens`: each name the route
    /// declares is written from its pre-rendered key, any other (which a match does not hold) as
    /// it is.
    mutating func routeParams(_ params: EntryParams, _ tokens: RouteTokens) {
        beginObject()
        routeParamMembers(params, tokens.paramKeys)
        endObject()
    }

    /// The members of ``routeParams(_:_:)`` (the caller opens and closes the object) for params
    /// matched by a route whose param keys are `tokens`: each name the route declares is written
    /// from its pre-rendered key, any other (which a match does not hold) as it is.
    mutating func routeParamMembers(_ params: EntryParams, _ tokens: RouteParamKeys) {
        var next = 0  // where the next name is looked for: names come in the route's order
        for index in 0..<params.count {
            let name = params.name(at: index)
            if let found = tokens.key(of: name, from: next) {
                key(found.key)
                next = found.next
            } else {
                key(name)
            }
            paramValue(at: index, of: params)
        }
    }

    mutating func entry(_ entry: StackEntry, _ rendering: NavigationRendering) {
        var params = 0..<0
        var row: ScreenRow?
        self.entry(entry, rendering, params: &params, row: &row)
    }

    /// Writes `entry`; `params` is set to where its params object lies, `found` to its screen's
    /// row. Params that are the `route`'s (the route's handed on as they are) are copied from
    /// the route's text.
    @inline(__always)  // into each caller, which then reads the entry where it lies
    mutating func entry(
        _ entry: StackEntry,
        _ rendering: NavigationRendering,
        params written: inout Range<Int>,
        row found: inout ScreenRow?,
        route: EntryMemo.RouteParams? = nil
    ) {
        withUnsafePointer(to: entry) { self.entry(at: $0, rendering, params: &written, row: &found, route: route) }
    }

    /// ``entry(_:_:params:row:route:)`` for the entry at `entry`, lent for the call: each field
    /// is read where it lies, and the entry is not copied (a copy retains its screen's name and
    /// its params, and releases them).
    @inline(__always)  // into each caller, which then reads the entry where it lies
    mutating func entry(
        at entry: UnsafePointer<StackEntry>,
        _ rendering: NavigationRendering,
        params written: inout Range<Int>,
        row found: inout ScreenRow?,
        route: EntryMemo.RouteParams? = nil
    ) {
        if let number = entry.pointee.number {
            openEntry(number: number)  // `{"id":"e<number>"`
        } else {
            key(.openEntry)  // `{"id":`
            string(entry.pointee.id)
        }
        // The rendering holds every screen's row for longer than this call. Read field by field,
        // in no closure that captures the entry (which copied it).
        let row = rendering.row(at: entry)
        found = row
        if let row {
            midKey(row.screenAndParams)  // 22 bytes or more, 32 at most for most names
        } else {
            field(.screen, entry.pointee.screen)
            key(.params)
        }
        let start = position
        let entryParams = entry.pointee.params
        if entryParams.count == 0 {
            constant(.emptyObject)  // `{}` whatever the screen declares (a root entry's, most often)
        } else if let route, let row, route.hold(entryParams), Self.writeInStoredOrder(entryParams, row) {
            repeatValue(route.text)
        } else if let row {
            params(entryParams, declaredBy: row)
        } else {
            params(entryParams, nil)
        }
        written = start..<position
        closingEntry(entry.pointee.presentation)  // `,"presentation":"…"}`
    }

    /// A stack alone: its ids are distinct, so no entry repeats and no memo is needed.
    mutating func stack(_ entries: [StackEntry], _ rendering: NavigationRendering) {
        beginArray()
        for item in entries { entry(item, rendering) }
        endArray()
    }

    mutating func stack(_ entries: [StackEntry], _ rendering: NavigationRendering, memo: inout EntryMemo) {
        beginArray()
        stackEntries(entries, rendering, memo: &memo)
        endArray()
    }

    /// The entries of ``stack(_:_:memo:)``, in an array its caller opens and closes.
    mutating func stackEntries(_ entries: [StackEntry], _ rendering: NavigationRendering, memo: inout EntryMemo) {
        // By index: each entry is read in place, where `for item in` copies it (three retains).
        for index in entries.indices { entry(at: index, of: entries, rendering, memo: &memo) }
    }

    /// ``stackEntries(_:_:memo:)`` into a memo that has none of them (the answer's, which the stack
    /// is written into first): each entry is written and recorded, the memo not asked. (Were one
    /// there, its text would be written again, the same.)
    mutating func stackEntries(_ entries: [StackEntry], _ rendering: NavigationRendering, newTo memo: inout EntryMemo) {
        for index in entries.indices {
            if let identity = EntryMemo.Identity(at: index, of: entries) {
                newEntry(at: index, of: entries, identity, rendering, memo: &memo)
            } else {
                entry(entries[index], rendering)
            }
        }
    }

    /// The ops, each entry they hand params to recorded in the memo for the mediation's payload.
    mutating func transition(_ ops: [TransitionOp], _ rendering: NavigationRendering, memo: inout EntryMemo) {
        beginArray()
        transitionOps(ops, rendering, memo: &memo)
        endArray()
    }

    /// The ops of ``transition(_:_:memo:)``, in an array its caller opens and closes.
    private mutating func transitionOps(
        _ ops: [TransitionOp],
        _ rendering: NavigationRendering,
        memo: inout EntryMemo
    ) {
        memo.startHanding()
        for index in ops.indices {
            // Each op's opening (`{"op":"push","entry":`) is one token.
            switch ops[index] {
            case .pop(1):
                constant(.popOne)  // the most common op of all, whole
            case .pop(let count):
                key(.popCount)
                int(count)
                endObject()
            case .dismiss:
                constant(.dismissOp)
            case .push(let item):
                key(.pushEntry)
                let written = entry(item, rendering, memo: &memo)
                memo.hand(written)
                endObject()
            case .present(let item):
                key(.presentEntry)
                let written = entry(item, rendering, memo: &memo)
                memo.hand(written)
                endObject()
            case .update(let item):
                key(.updateEntry)
                let written = entry(item, rendering, memo: &memo)
                memo.hand(written)
                endObject()
            case .replace(let entries):
                key(.replaceStack)
                beginArray()
                for position in entries.indices {
                    let written = entry(entries[position], rendering, memo: &memo)
                    memo.hand(written)
                }
                endArray()
                endObject()
            }
        }
    }

    /// ``transition(_:_:memo:)`` for `resolution`'s transition, written from its steps when it
    /// has them (the entries added read where they lie in its stack), with no array of ops made.
    mutating func transition(of resolution: Resolution, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        beginArray()
        transitionOps(of: resolution, rendering, memo: &memo)
        endArray()
    }

    /// The ops of ``transition(of:_:memo:)``, in an array its caller opens and closes.
    mutating func transitionOps(of resolution: Resolution, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        guard let steps = resolution.steps else {
            transitionOps(resolution.transition, rendering, memo: &memo)
            return
        }
        memo.startHanding()
        for _ in 0..<steps.dismisses { constant(.dismissOp) }
        if steps.popped == 1 {
            constant(.popOne)
        } else if steps.popped > 1 {
            key(.popCount)
            int(steps.popped)
            endObject()
        }
        let stack = resolution.stack
        for index in (stack.count - steps.added)..<stack.count {
            // Each op's opening (`{"op":"push","entry":`) is one token.
            if stack[index].presentation == .modal { key(.presentEntry) } else { key(.pushEntry) }
            entry(at: index, of: stack, rendering, memo: &memo, handing: true)
            endObject()
        }
    }

    /// The `"mediation":{…}` member. Right after ``transition(_:_:memo:)`` in the same memo, its
    /// payload is copied from the entries the transition wrote; otherwise the mediation's own
    /// payload is written.
    ///
    /// Requirement: when a transition was just written in `memo`, `mediation` is the one made from
    /// those very ops (the resolution's), as the memo cannot tell one transition from another.
    /// The memo forgets the handed entries once this mediation is written, so a later mediation
    /// writes its own payload.
    mutating func mediation(_ mediation: Mediation, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        key(.mediationSource)  // `"mediation":{"source":`
        optionalEntry(mediation.source, rendering, memo: &memo)
        key(.destination)
        optionalEntry(mediation.destination, rendering, memo: &memo)
        presentationAndPayload(mediation.presentation)  // `"presentation":…,"payload":{`
        payloadMembers(mediation, rendering, memo: &memo)
        endObject()  // the payload
        endObject()  // the mediation
    }

    /// ``mediation(_:_:memo:)`` for `resolution`'s mediation, read from the resolution in place:
    /// its source, its new stack's top as the destination; the mediation itself is made only
    /// when its payload is not in the memo.
    mutating func mediation(of resolution: Resolution, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        key(.mediationSource)  // `"mediation":{"source":`
        mediationMembers(of: resolution, rendering, memo: &memo)
        endObject()  // the payload
        endObject()  // the mediation
    }

    /// The members of ``mediation(of:_:memo:)`` from the source's value on, the payload's
    /// members last: the caller closes the payload and the mediation.
    @inline(__always)  // into the answer, its one caller on the request path
    mutating func mediationMembers(of resolution: Resolution, _ rendering: NavigationRendering, memo: inout EntryMemo) {
        optionalEntry(resolution.source, rendering, memo: &memo)
        key(.destination)
        // Read where it lies in the stack: a copy would retain its strings and params.
        let stack = resolution.stack
        if let top = stack.indices.last {
            entry(at: top, of: stack, rendering, memo: &memo)
            // `"presentation":…,"payload":{`
            presentationAndPayload(stack.withUnsafeBufferPointer { $0[top].presentation })
        } else {
            null()
            presentationAndPayload(nil)
        }
        if memo.handedAll {
            payloadMembers(Mediation?.none, rendering, memo: &memo)
        } else {
            payloadMembers(resolution.mediation, rendering, memo: &memo)
        }
    }

    /// The payload's members (its caller closes it): from the memo when it holds every entry the
    /// transition handed (`mediation` is then not read), else from `mediation`. The memo's handed
    /// entries serve this one payload: they are forgotten at its end.
    @inline(__always)
    private mutating func payloadMembers(
        _ mediation: Mediation?,
        _ rendering: NavigationRendering,
        memo: inout EntryMemo
    ) {
        // One member per screen: a screen handed params twice keeps its last payload.
        if memo.handedAll {
            // The mediation's payload is read from the resolution's transition, just written: its
            // entries, with their params' JSON, are in the memo.
            for index in 0..<memo.handedCount {
                guard let member = memo.payloadMember(at: index) else { continue }
                // The rendering holds every screen's row for longer than this call.
                key(member.row.nameKey)
                repeatValue(member.params)
            }
            memo.endHanding()
            return
        }
        mediation?.forEachPayloadMember { item in
            // The memo does not hold every entry handed (past its room, of a screen the table does
            // not have, or no transition written before): an entry it has is copied with its
            // screen's tokens, any other is written out.
            let identity = EntryMemo.Identity(item)
            if let identity, let seen = memo.written(identity) {
                // The rendering holds every screen's row for longer than this call.
                if let row = seen.row {
                    key(row.nameKey)
                } else {
                    key(item.screen)
                }
                repeatValue(seen.params)
                return
            }
            // The rendering holds every screen's row for longer than this call.
            if let row = rendering.row(for: item) {
                key(row.nameKey)
                params(item.params, row.tokens?.takeUnretainedValue())
            } else {
                key(item.screen)
                params(item.params, nil)
            }
        }
    }

    @inline(__always)  // into the mediation, which then reads the entry where it lies
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
        opening(outcome.status)  // `{"status":…,"session":`
        if _slowPath(dryRun) {
            null()
            nullField(.version)
            key(.url)
        } else {
            smallString(outcome.sessionID)
            field(.version, version, thenKey: .url)
        }
        // From the match's bytes: no string is made for a link the request body lends, and the
        // bytes are not looked at again when the match found them plain.
        if outcome.match?.withURLUTF8({ string(utf8: $0, isPlainText: $1) }) == nil { null() }
        var routeText: EntryMemo.RouteParams? = nil
        // The route's row looked up in a scope of its own that ends before anything is written:
        // the match is then held across no call and is not retained (bound around the writing
        // below, it was retained and released once per answer).
        var routeRow: RouteRow? = nil
        var routed = false
        // Through the optional, not bound: a bound match is a copy, retained and released.
        if let row = outcome.match?.row(in: rendering) {
            routed = true
            routeRow = row
        }
        // Whether the route's params and the route are open, to be closed with the next run.
        var routeOpen = false
        if let row = routeRow {
            // The rendering holds every route's row for longer than this call; it is plain bits.
            key(row.head)  // `"route":{"name":…,"pattern":…,"params":{`
            let start = position &- 1
            routeParamMembers(outcome.routeParams, RouteParamKeys(row: row))
            // The params' `}` is the first byte written next.
            routeText = EntryMemo.RouteParams(outcome.routeParams, at: start..<(position &+ 1))
            routeOpen = true
        } else {
            routeText = untokenedRoute(outcome, routed: routed)
        }
        if _fastPath(outcome.redirects.isEmpty && outcome.interceptors.isEmpty) {
            if routeOpen {
                reopen(.closeRouteNoRedirectsOpenStack)  // `}},"redirects":[],"interceptors":[],"stack":[`
            } else {
                key(.noRedirectsOpenStack)  // `"redirects":[],"interceptors":[],"stack":[`
            }
        } else {
            redirectsAndInterceptors(outcome, routeOpen: routeOpen)
        }
        // The memo records entries and the route's params by their bits without owning them: every
        // entry it is given is the outcome's (its stack, its transition, its mediation), as are the
        // route's params, which this call borrows until the memo is gone.
        withMemo(routeParams: routeText) { writer, memo in
            // Each array's end is written with what follows it: `],"transition":[` and
            // `],"mediation":{"source":`.
            writer.stackEntries(outcome.resolution.stack, rendering, newTo: &memo)
            writer.reopen(.stackThenTransition)
            writer.transitionOps(of: outcome.resolution, rendering, memo: &memo)
            writer.reopen(.transitionThenMediation)
            writer.mediationMembers(of: outcome.resolution, rendering, memo: &memo)
        }
        // A match on the read value, not a binding compared with `nil`: that would copy it.
        if !outcome.hasWarnings, case .none = outcome.parked, extra == nil {
            // The payload's end, the mediation's and the answer's with the members between.
            close(.closeAnswer)  // `}},"parked":null,"warnings":[]}`
            return
        }
        answerEnd(outcome, extra: extra)
    }

    /// The answer's `"route"` member for a route of another table (no row), or none (`null`);
    /// returns where the route's params lie. Out of line: every route of the table has a row.
    @inline(never)
    private mutating func untokenedRoute(_ outcome: NavigationOutcome, routed: Bool) -> EntryMemo.RouteParams? {
        key(.route)
        guard routed, let route = outcome.match?.route else {
            null()
            return nil
        }
        beginObject()
        field(.name, route.name)
        field(.pattern, route.pattern.text)
        key(.params)
        let start = position
        routeParams(outcome.routeParams)
        let text = EntryMemo.RouteParams(outcome.routeParams, at: start..<position)
        endObject()
        return text
    }

    /// The route's end (when `routeOpen`), the redirects and the interceptors, and the stack's
    /// opening, for an answer with redirects or interceptors: out of line, as most have neither.
    @inline(never)
    private mutating func redirectsAndInterceptors(_ outcome: NavigationOutcome, routeOpen: Bool) {
        if routeOpen {
            endObject()  // the params
            endObject()  // the route
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
        key(.stack)
        beginArray()
    }

    /// The payload's end, the mediation's, the parked navigation and the warnings, `extra`'s
    /// members and the answer's end, for an answer with a parked navigation, warnings or `extra`:
    /// out of line, as the common answer's end is one run.
    @inline(never)
    private mutating func answerEnd(_ outcome: NavigationOutcome, extra: ((inout JSONWriter) -> Void)?) {
        endObject()  // the payload
        endObject()  // the mediation
        if !outcome.hasWarnings, case .none = outcome.parked {
            constant(.noParkedNoWarnings)
        } else {
            key(.parked)
            parked(outcome.parked)
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
        }
        extra?(&self)
        endObject()
    }
}
