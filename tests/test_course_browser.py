"""The rules course's exercises in a real browser: Voila serves 01_rules_tour.ipynb, Chromium
answers exercises by clicking and reads the feedback.

Needs Debian's chromium, voila and playwright (skipped locally without them, failing under CI).
"""

from __future__ import annotations

from browser_support import ARTIFACTS, chromium_page, open_voila_page, voila_server


def _check(exercise, page) -> str:
    exercise.locator(".exlab-check").click()
    page.wait_for_function(
        "e => e.querySelector('.exlab-feedback').innerText.trim().length > 0",
        arg=exercise.element_handle(),
    )
    return exercise.locator(".exlab-feedback").inner_text()


def test_exercises_answer_back_in_chromium():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with voila_server("01_rules_tour.ipynb") as url, chromium_page() as page:
        open_voila_page(page, url, ".exlab-exercise.exlab-app", timeout_s=120)
        exercises = page.locator(".exlab-exercise.exlab-app")
        assert exercises.count() >= 8

        spots = exercises.filter(has_text="Which empty spots can 1923AS")
        spots.locator(".exlab-spot:not([disabled])").nth(3).click()  # One Era, 3rd spot: R11
        feedback = _check(spots, page)
        assert feedback.startswith("Not quite.") and "One Era, 3rd spot" in feedback and "R11" in feedback

        era = exercises.filter(has_text="1948AF")
        era.get_by_text("not legal").click()
        assert _check(era, page).startswith("Right!")  # R14: 21 years across one empty spot

        total = exercises.filter(has_text="in total")
        total.locator("input").fill("15")
        assert "Chain of Years" in _check(total, page)
        total.locator(".exlab-show-answer").click()
        page.wait_for_function(
            "e => e.querySelector('.exlab-feedback').innerText.startsWith('Answer')",
            arg=total.element_handle(),
        )
        total.screenshot(path=str(ARTIFACTS / "course-count-points.png"))
