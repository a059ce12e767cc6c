import LinkRouting

extension Navigator {
    /// Parks the navigation behind `flowName` and presents the flow's screens as a modal layer
    /// (the first presented, the others pushed inside it); on an empty session the layer sits on the
    /// destination's root screen. Parking again behind the flow whose layer is already open replaces
    /// the parked navigation without a second layer; a flow screen already on the stack is closed
    /// with what lies above it, so that no screen shows twice.
    func park(
        _ request: Request,
        behind flowName: String,
        _ session: Session,
        _ match: RouteMatch,
        _ redirects: [String],
        _ records: [InterceptorRecord]
    ) throws(NavigationFailure) -> NavigationOutcome {
        guard let flow = config.flows[flowName] else { throw .unknownFlow(flowName) }
        var next = session
        let stackBefore: [StackEntry]
        let layerEntryID: String?
        if let parked = session.parked, parked.flow == flowName, parked.isPresented(on: session.stack) {
            stackBefore = parked.stackBefore
            layerEntryID = parked.layerEntryID
        } else {
            var number = session.nextEntryNumber
            var base = session.stack
            // One parked navigation, one flow layer: another flow's open layer is closed first.
            if let parked = session.parked, parked.isPresented(on: base) {
                base = parked.stackBefore
            }
            if base.isEmpty, let root = try coldBase(for: match, number: number) {
                // A modal needs something beneath it: a cold link parks on its destination's root screen.
                base = [root]
                number += 1
            }
            stackBefore = base
            // A flow screen already on the stack (reached as a breadcrumb, say) would show twice:
            // the layer goes below it. Cancelling still restores the whole stack from before.
            if let lowest = base.firstIndex(where: { flow.screens.contains($0.screen) }) {
                base = Array(base[..<lowest])
            }
            var layer: [StackEntry] = []
            for (i, name) in flow.screens.enumerated() {
                guard let screen = config.resolver.graph[name] else { throw .navigation(.unknownScreen(name)) }
                let params: EntryParams
                do { params = try config.resolver.entryParams(screen, [:]) } catch { throw .navigation(error) }
                let presentation: Presentation = i == 0 ? (base.isEmpty ? .root : .modal) : .push
                layer.append(
                    StackEntry(
                        number: number,
                        screen: name,
                        params: params,
                        presentation: presentation
                    )
                )
                number += 1
            }
            next.stack = base + layer
            next.nextEntryNumber = number
            layerEntryID = layer.first?.id
            guard next.stack.count <= config.resolver.maxDepth else {
                throw .navigation(.stackTooDeep(limit: config.resolver.maxDepth))
            }
        }
        next.parked = ParkedNavigation(
            url: request.url,
            strategy: request.strategy,
            via: request.via,
            flow: flowName,
            stackBefore: stackBefore,
            layerEntryID: layerEntryID
        )
        let resolution = Resolution(old: session.stack, new: next.stack, nextEntryNumber: next.nextEntryNumber)
        return NavigationOutcome(
            status: .parked,
            match: match,
            routeParams: EntryParams(match: match),
            redirects: redirects,
            interceptors: records,
            resolution: resolution,
            session: next
        )
    }

    /// Completes a flow: merges its `sets` and `attributes` (`nil` removes one), closes its layer and
    /// runs the parked navigation again from the start, interceptors included. The transition goes
    /// from the stack with the flow's layer to the final one.
    public func completeFlow(
        _ flowName: String,
        attributes: [String: AttributeValue?] = [:],
        headers: [String: String] = [:],
        session: Session
    ) throws(NavigationFailure) -> NavigationOutcome {
        guard let flow = config.flows[flowName] else { throw .unknownFlow(flowName) }
        guard let parked = session.parked, parked.flow == flowName else { throw .notParked(flowName) }
        var resumed = session
        resumed.attributes.merge(flow.sets.lazy.map { ($0.key, Optional($0.value)) })
        resumed.attributes.merge(attributes.lazy.map { ($0.key, $0.value) })
        resumed.stack = parked.stackBefore
        resumed.parked = nil
        let request = Request(url: parked.url, strategy: parked.strategy, via: parked.via, headers: headers)
        let outcome = try navigate(request, session: resumed)
        // Made once: the outcome builds its session from its parts at each read.
        let navigated = outcome.session
        let resolution = Resolution(
            old: session.stack,
            new: navigated.stack,
            nextEntryNumber: navigated.nextEntryNumber
        )
        return NavigationOutcome(
            status: outcome.status == .unchanged ? .navigated : outcome.status,
            match: outcome.match,
            routeParams: outcome.routeParams,
            redirects: outcome.redirects,
            interceptors: outcome.interceptors,
            resolution: resolution,
            session: navigated
        )
    }

    /// Cancels a flow: closes its layer, restores the stack from before it and drops the parked navigation.
    public func cancelFlow(_ flowName: String, session: Session) throws(NavigationFailure) -> NavigationOutcome {
        guard config.flows[flowName] != nil else { throw .unknownFlow(flowName) }
        guard let parked = session.parked, parked.flow == flowName else { throw .notParked(flowName) }
        var next = session
        next.stack = parked.stackBefore
        next.parked = nil
        return stackOutcome(
            Resolution(old: session.stack, new: next.stack, nextEntryNumber: next.nextEntryNumber),
            next
        )
    }
}
