"""/play at the table (Chromium through Playwright, against a real ``ct-referee serve``): the
current card shows what each of its Events does and each Event move says it too (the
catalogue's summaries); each stage of an Operation has its own prompt and finish label (4.1);
with the Deception option the player's own markers are shown (7.3)."""

from __future__ import annotations

from typing import Any

from .test_web_client import page, served, settle  # noqa: F401  (fixtures)


def click(page: Any, label: str) -> None:
    page.locator("#moves button.move", has_text=label).first.click()
    settle(page)


def test_current_card_and_event_moves_show_their_summaries(page: Any, served: str) -> None:
    page.goto(served + "/play/?scenario=short&seed=7&mode=hotseat")
    settle(page)
    card = page.locator("#card-text")
    assert card.locator(".card-name").text_content() == "#15 Jean-Paul Sartre"
    assert card.locator(".card-side.unshaded").text_content() == "Unshaded: FLN Resources +2 (1.8)."
    assert card.locator(".card-side.shaded").text_content() == "Shaded: Commitment -1 (1.9)."
    click(page, "Play no Pivotal Event")
    click(page, "Play no Pivotal Event")
    shaded = page.locator("#moves button[data-t=event]", has_text="shaded").last
    assert shaded.locator(".event-summary").text_content() == "Commitment -1 (1.9)."
    assert shaded.get_attribute("title") == "Commitment -1 (1.9)."


def test_each_operation_stage_has_its_own_prompt_and_labels(page: Any, served: str) -> None:
    page.goto(served + "/play/?scenario=short&seed=7&mode=hotseat")
    settle(page)
    click(page, "Play no Pivotal Event")
    click(page, "Play no Pivotal Event")
    click(page, "Pass (+1 Resource)")
    click(page, "Operation: Train (Op + Special Activity)")
    click(page, "Train on the France Track")
    prompt = page.locator("#prompt")
    assert prompt.text_content().startswith("Train: select a location, act, or finish")
    assert prompt.get_attribute("data-kind") == "op:train"
    done = page.locator("#moves button[data-t=done]")
    assert done.text_content() == "Finish Train's locations (a Special Activity may follow)"
    done.click()
    settle(page)
    assert prompt.text_content() == "Train done: add a Special Activity, or finish without one"
    assert prompt.get_attribute("data-kind") == "op:train:after"
    assert done.text_content() == "Finish Train without a Special Activity"
    assert page.locator("#moves button[data-t=sa]").count() >= 1
    done.click()
    settle(page)
    assert page.locator("#prompt").get_attribute("data-kind") != "op:train:after"


def test_own_deception_markers_are_shown(page: Any, served: str) -> None:
    page.goto(served + "/play/?scenario=short&seed=7")
    settle(page)
    assert page.locator("#status .chip.deception").count() == 0
    page.locator("#opt-deception").check()
    page.locator("#new").click()
    settle(page)
    chip = page.locator("#status .chip.deception")
    assert chip.count() == 1
    text = chip.text_content()
    assert text.startswith("Your Deception markers (Government) ")
    held = page.evaluate("app.game.view.deception.gov.held")
    assert len(held) == 2
    for key in held:
        assert key.replace("_", " ").title() in text
    assert "_" not in text
