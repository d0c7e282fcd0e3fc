"""The dashboard (`GET /__admin/dashboard`) in a real browser: headless Chromium driven by Selenium.

Usage:
    python3 Tests/E2E/dashboard.py http://127.0.0.1:PORT TOKEN SCREENSHOT.png

The server runs `understudy serve --admin-token TOKEN` on a root whose only stub is named
`hello` and answers `GET /hello`. The script opens the page once (with `?token=`), then, with
no reload, sends a matched request, an unmatched one (`GET /helo?lang=en`, a near miss of
`hello`) and one in a namespace, and checks that the page lists them live, shows the
unmatched one's near miss, filters by path, status and namespace, and turns the unmatched
request into a stub that the server then uses. Finally it saves a screenshot. Exits 0 when
every check passes and prints `ok dashboard`.

Needs `chromium` and `chromedriver` on the PATH (Debian: `apt-get install chromium
chromium-driver`) and `pip install selenium==4.51.0`.
"""

import json
import os
import shutil
import sys
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE = sys.argv[1].rstrip("/")
TOKEN = sys.argv[2]
SCREENSHOT = sys.argv[3]
WAIT = 20


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def send(path, headers=None, admin=False):
    """Sends a GET and returns (status, body); an error status is not an exception."""
    request = urllib.request.Request(BASE + path, headers=dict(headers or {}))
    if admin:
        request.add_header("Authorization", f"Bearer {TOKEN}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def browser():
    options = webdriver.ChromeOptions()
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if binary:
        options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1400,1500"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = shutil.which("chromedriver")
    check(driver_path, "chromedriver is not on the PATH (apt-get install chromium-driver)")
    return webdriver.Chrome(options=options, service=Service(executable_path=driver_path))


def row_for(driver, url, status=None):
    """The newest log row whose URL is `url` (and status `status`, when given), or None."""
    for row in driver.find_elements(By.CSS_SELECTOR, "#log tbody tr"):
        if row.find_element(By.CSS_SELECTOR, "td:nth-child(3)").text == url and \
                status in (None, row.find_element(By.CSS_SELECTOR, "td:nth-child(4)").text):
            return row
    return None


def shown(driver):
    """Whether the namespaced, the unmatched and the matched request's rows are shown, in that
    order (found by what they show: the requests' events may arrive in either order)."""
    found = {}
    for row in driver.find_elements(By.CSS_SELECTOR, "#log tbody tr"):
        url = row.find_element(By.CSS_SELECTOR, "td:nth-child(3)").get_attribute("textContent")
        namespace = row.find_element(By.CSS_SELECTOR, "td:nth-child(6)").get_attribute("textContent")
        role = "unmatched" if url == "/helo?lang=en" else ("namespaced" if namespace else "matched")
        found[role] = row.is_displayed()
    return [found.get(role) for role in ("namespaced", "unmatched", "matched")]


def until(wait, condition, describe):
    """Waits for `condition`; on a timeout, says what the page showed."""
    try:
        wait.until(condition)
    except Exception as error:
        raise AssertionError(f"{describe()}") from error


def cells(row):
    return [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]


def main():
    driver = browser()
    # The page re-renders its tables as events arrive: an element read mid-render is read again.
    wait = WebDriverWait(driver, WAIT, ignored_exceptions=[StaleElementReferenceException])
    try:
        # Without the token the page asks for it; with it, the page opens.
        driver.get(BASE + "/__admin/dashboard")
        wait.until(EC.presence_of_element_located((By.ID, "token")))
        driver.get_log("browser")  # drains the console: that 401 was expected
        driver.get(BASE + "/__admin/dashboard?token=" + TOKEN)
        wait.until(EC.text_to_be_present_in_element((By.ID, "connection"), "Live"))
        marker = driver.execute_script("window.__understudyNoReload = 1; return window.__understudyNoReload;")
        check(marker == 1, "could not mark the page")

        # Traffic after the page opened arrives over the feed.
        check(send("/hello")[0] == 200, "the hello stub does not answer")
        status, body = send("/helo?lang=en")
        check(status == 404, f"/helo should be unmatched, got {status}")
        check(send("/hello", headers={"Understudy-Namespace": "team-a"})[0] == 200, "the namespaced request failed")

        wait.until(lambda d: row_for(d, "/hello") is not None and row_for(d, "/helo?lang=en") is not None)
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log tbody tr")) == 3)
        rows = [cells(row) for row in driver.find_elements(By.CSS_SELECTOR, "#log tbody tr")]
        # Each answer's event is published when its answer is over, on its connection's event
        # loop, so two requests sent one after the other may arrive in either order: rows are
        # found by what they show, not by where.
        def only(what, rows):
            check(len(rows) == 1, f"expected one {what} row, got {rows}")
            return rows[0]
        matched = only("matched", [r for r in rows if r[2] == "/hello" and r[5] == ""])
        unmatched = only("unmatched", [r for r in rows if r[2] == "/helo?lang=en"])
        namespaced = only("namespaced", [r for r in rows if r[2] == "/hello" and r[5] != ""])
        check(matched[1:6] == ["GET", "/hello", "200", "hello", ""], f"matched row: {matched}")
        check(matched[6].endswith(" ms"), f"matched row has no time taken: {matched}")
        check(unmatched[1:5] == ["GET", "/helo?lang=en", "404 unmatched", ""], f"unmatched row: {unmatched}")
        check(namespaced[5] == "team-a", f"namespaced row: {namespaced}")

        # Stubs with hit counts, namespaces seen.
        wait.until(lambda d: [cells(r) for r in d.find_elements(By.CSS_SELECTOR, "#stubs tbody tr")] == [["hello", "GET /hello", "", "2"]])
        wait.until(EC.text_to_be_present_in_element((By.ID, "namespaces"), "team-a"))

        # Every control has a label.
        unlabelled = driver.execute_script(
            "return [...document.querySelectorAll('input, select')].filter(e => e.labels.length === 0).map(e => e.id)")
        check(unlabelled == [], f"controls without a label: {unlabelled}")

        # The unmatched request's near miss, opened from the keyboard.
        row_for(driver, "/helo?lang=en").find_element(By.TAG_NAME, "button").send_keys(Keys.ENTER)
        wait.until(EC.visibility_of_element_located((By.ID, "near-miss-report")))
        check("hello" in driver.find_element(By.ID, "near-miss-list").text, driver.find_element(By.ID, "near-miss-list").text)
        report = driver.find_element(By.ID, "near-miss-report").text
        check("/hello" in report and "/helo" in report, f"near-miss report: {report}")

        # Filters: path, status, namespace; then back to everything.
        path_filter = driver.find_element(By.ID, "filter-path")
        path_filter.send_keys("helo")
        until(wait, lambda d: shown(d) == [False, True, False], lambda: f"shown: {shown(driver)}")
        path_filter.clear()
        path_filter.send_keys(" ")  # an input event; blank matches everything
        Select(driver.find_element(By.ID, "filter-status")).select_by_value("unmatched")
        until(wait, lambda d: shown(d) == [False, True, False], lambda: f"shown: {shown(driver)}")
        Select(driver.find_element(By.ID, "filter-status")).select_by_value("")
        Select(driver.find_element(By.ID, "filter-namespace")).select_by_value("team-a")
        until(wait, lambda d: shown(d) == [True, False, False], lambda: f"shown: {shown(driver)}")
        Select(driver.find_element(By.ID, "filter-namespace")).select_by_value("")
        until(wait, lambda d: all(shown(d)), lambda: f"shown: {shown(driver)}")

        # One click makes a stub: the mapping JSON and the Swift, then the server gets it.
        driver.find_element(By.ID, "make-stub").click()
        wait.until(EC.visibility_of_element_located((By.ID, "mapping-json")))
        mapping = json.loads(driver.find_element(By.ID, "mapping-json").text)
        check(mapping["request"] == {"method": "GET", "urlPath": "/helo", "queryParameters": {"lang": {"equalTo": "en"}}},
              f"mapping request: {mapping}")
        check(mapping["response"]["status"] == 200, f"mapping response: {mapping}")
        swift = driver.find_element(By.ID, "swift-code").text
        check(swift == 'mock.stub(.get(urlPath: "/helo").queryParameter("lang", .equalTo("en")), .ok.json([:]))', swift)
        driver.find_element(By.ID, "add-stub").click()
        wait.until(EC.text_to_be_present_in_element((By.ID, "suggestion-result"), "Stub added"))
        stub_id = driver.find_element(By.ID, "suggestion-result").get_attribute("data-stub-id")
        status, body = send("/__admin/mappings/" + stub_id, admin=True)
        check(status == 200 and json.loads(body)["request"]["urlPath"] == "/helo", f"the stub is not on the server: {status} {body}")
        status, body = send("/helo?lang=en")
        check(status == 200, f"the new stub does not answer: {status} {body}")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#log tbody tr")) == 4)
        newest = cells(driver.find_elements(By.CSS_SELECTOR, "#log tbody tr")[0])
        check(newest[2:5] == ["/helo?lang=en", "200", "GET /helo"], f"the request the new stub answered: {newest}")
        wait.until(lambda d: any(cells(r)[:1] == ["GET /helo"] and cells(r)[3] == "1" for r in d.find_elements(By.CSS_SELECTOR, "#stubs tbody tr")))

        check(driver.execute_script("return window.__understudyNoReload;") == 1, "the page reloaded")
        severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        check(not severe, f"the browser console reports errors: {severe}")

        os.makedirs(os.path.dirname(os.path.abspath(SCREENSHOT)), exist_ok=True)
        row_for(driver, "/helo?lang=en", "404 unmatched").find_element(By.TAG_NAME, "button").click()
        driver.find_element(By.ID, "make-stub").click()
        wait.until(EC.visibility_of_element_located((By.ID, "swift-code")))
        check(driver.save_screenshot(SCREENSHOT), "no screenshot saved")

        # Dark mode follows the system's setting.
        light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(light == "rgb(255, 255, 255)" and dark == "rgb(19, 19, 23)", f"light {light}, dark {dark}")
        check(driver.save_screenshot(SCREENSHOT.replace(".png", "-dark.png")), "no dark screenshot saved")
        print("ok dashboard")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
