"""The yardstick of ``bench/bench_entry.py``: a deal recorded with plain ORM calls, bench-only.

``POST /bench/plain/<match id>/`` takes the same body and headers as the API's deal recording
(``Authorization: Table <token>``, a Tally entry, an ``Idempotency-Key``) and writes the same rows
in one transaction: the match row locked (with its state), a deal, its version, an audit event, the
idempotency record and the match's state with the deal appended, then answers 201 with a document
of the same shape. No ledger read, no replay through the game, no check of the entry or of the end
of the match: what is left is what any deal recording costs. Served with ``bench/entry_settings.py``
only (the rest of the URLs are the site's own).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import path
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scoring.authentication import granted_match
from scoring.models import AuditAction, AuditEvent, Deal, DealVersion, IdempotentRequest, Match
from tablescore.client import client_ip
from tablescore.urls import urlpatterns as site


class PlainDeal(APIView):
    permission_classes = [AllowAny]

    def post(self, request: Request, pk: int) -> Response:
        granted = granted_match(request)
        if granted is None or granted.pk != pk:
            raise exceptions.PermissionDenied("this table link scores another match")
        entry: dict[str, Any] = request.data
        ip = client_ip(request)
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=pk)
            number = match.deal_count + 1
            deal = Deal.objects.create(club_id=match.club_id, match=match, number=number)
            DealVersion.objects.create(
                club_id=match.club_id,
                deal=deal,
                version=1,
                entry=entry,
                source="api",
                actor_label="table link",
                actor_ip=ip,
            )
            AuditEvent.objects.create(
                club_id=match.club_id,
                match=match,
                action=AuditAction.DEAL_RECORDED,
                deal_number=number,
                version=1,
                actor_label="table link",
                actor_ip=ip,
                detail={"entry": entry},
            )
            totals = {side: match.state["totals"][side] + entry["points"][side] for side in match.sides}
            match.state["deals"].append(
                {
                    "number": number,
                    "deal_number": number,
                    "version": 1,
                    "scores": entry["points"],
                    "running_totals": totals,
                }
            )
            match.state["totals"] = totals
            match.deal_count = number
            match.revision += 1
            answer = {"deal": {"number": number, "version": 1, "entry": entry}, "match": match.state}
            key = request.headers.get("Idempotency-Key")
            if key:
                IdempotentRequest.objects.create(
                    club_id=match.club_id,
                    match=match,
                    key=key,
                    fingerprint="-",
                    status_code=201,
                    response=answer,
                )
            match.save(update_fields=["state", "deal_count", "revision", "updated_at"])
        return Response(answer, status=201)


urlpatterns = [path("bench/plain/<int:pk>/", PlainDeal.as_view()), *site]
